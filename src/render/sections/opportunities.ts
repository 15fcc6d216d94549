import { formatCount, platformName } from "../../format/figures.js";
import type { DraftBlock } from "../types.js";
import { col, fromVisibility, type SectionDrafter, tableOf, workbookOnly } from "./_helpers.js";

/** "Lumora (227), Pulsegrid (188) and 2 more". */
const named = (list: readonly { name: string; answers: number }[], more: number) =>
  list.map((c) => `${c.name} (${formatCount(c.answers)})`).join(", ") + (more > 0 ? ` and ${more} more` : "");

/**
 * The prompts where tracked competitors are named and the brand is not, ranked by the platforms
 * and answers that show it, each with a suggested action from the rules of docs/metrics.md
 * "Opportunities". The page formats show the figures and the action; the workbook adds the
 * platforms by name, the most cited competitor page and the rule that chose the action.
 */
export const opportunities: SectionDrafter = (model) =>
  fromVisibility("opportunities", "Opportunities", model, (): DraftBlock[] => {
    const brand = model.cover.brand;
    const list = model.opportunities.ok ? model.opportunities.value : [];
    const names = (platforms: readonly string[]) => platforms.map(platformName).join(", ");
    return [
      {
        kind: "paragraph",
        text: `Prompts where at least one tracked competitor is named and ${brand} is not, ranked by how many platforms and answers show it. Each suggested action follows the rules in the methodology and quotes the figures it rests on.`,
      },
      tableOf(
        "opportunities",
        [
          col("prompt_text", "Prompt", "text"),
          workbookOnly(col("category", "Category", "text")),
          col("gap_platform_count", "Platforms with the gap", "count"),
          workbookOnly(col("platform_count", "Platforms answering", "count")),
          workbookOnly(col("gap_platform_names", "Platforms with the gap (names)", "text")),
          workbookOnly(col("brand_platform_names", `Platforms naming ${brand}`, "text")),
          col("gap_answers", "Answers with the gap", "count"),
          col("snapshots", "Answers", "count"),
          workbookOnly(col("mentioned", `Answers naming ${brand}`, "count")),
          col("competitors", "Competitors named", "text"),
          workbookOnly(col("all_competitors", "Competitors named (all)", "text")),
          workbookOnly(col("top_page", "Most cited competitor page", "url")),
          workbookOnly(col("top_page_citations", "Its citations in these answers", "count")),
          col("action", "Suggested action", "text"),
          workbookOnly(col("rule", "Rule", "text")),
        ],
        list.map((o) => ({
          ...o,
          gap_platform_count: o.gap_platforms.length,
          platform_count: o.platforms.length,
          gap_platform_names: names(o.gap_platforms),
          brand_platform_names: names(o.brand_platforms),
          // The page shows the top three; the workbook every competitor.
          competitors: named(o.competitors.slice(0, 3), o.competitors.length - 3),
          all_competitors: named(o.competitors, 0),
          top_page: o.pages[0]?.url ?? null,
          top_page_citations: o.pages[0]?.citations ?? null,
        })),
        `No prompt has an answer naming a competitor and not ${brand} in this period.`,
      ),
    ];
  });
