import { platformName } from "../../format/figures.js";
import type { Lang } from "../../format/i18n/index.js";
import type { DraftBlock } from "../types.js";
import { col, fromVisibility, type SectionDrafter, tableOf, workbookOnly } from "./_helpers.js";

/** "Lumora (227), Pulsegrid (188) and 2 more". */
const named = (lang: Lang, list: readonly { name: string; answers: number }[], more: number) =>
  lang.m.opportunities.named(
    list.map((c) => `${c.name} (${lang.f.count(c.answers)})`),
    more,
  );

/**
 * The prompts where tracked competitors are named and the brand is not. The page formats show
 * them grouped into themes, one action per theme naming the prompts it covers and the pages
 * competitors win them with (docs/claims.md, "Opportunities as themes"); the workbook adds every
 * prompt, ranked by the platforms and answers that show it, each with its own suggested action
 * from the rules of docs/metrics.md "Opportunities", its platforms by name, the most cited
 * competitor page and the rule that chose the action.
 */
export const opportunities: SectionDrafter = (model, lang) =>
  fromVisibility("opportunities", model, lang, (): DraftBlock[] => {
    const { columns: k, opportunities: m } = lang.m;
    const brand = model.cover.brand;
    const list = model.opportunities.ok ? model.opportunities.value : [];
    const themes = model.themes.ok ? model.themes.value : [];
    const names = (platforms: readonly string[]) => platforms.map(platformName).join(", ");
    const t = lang.m.themes;
    const themeName = (x: (typeof themes)[number]) =>
      x.kind === "competitor"
        ? t.competitorTheme(x.name!)
        : x.kind === "citations"
          ? t.citationsTheme
          : x.kind === "platform"
            ? t.platformTheme(platformName(x.name!))
            : // Prompts without a category: the one label every sheet and table gives them.
              (x.name ?? lang.m.values.uncategorized);
    // The intro is said from its claim (docs/claims.md, "Section intros").
    const intro = model.intros.find((f) => f.claim.kind === "themes")?.text;
    return [
      {
        kind: "paragraph",
        text: intro ?? m.intro(brand),
        workbookPointer: t.workbookPointer,
      },
      tableOf(
        "opportunity-themes",
        [
          col("theme", k.theme, "text"),
          col("prompt_count", k.prompts, "count"),
          // The action quotes both counts: on the page they would only narrow its column.
          workbookOnly(col("gap_answers", k.answersWithGap, "count")),
          workbookOnly(col("snapshots", k.answers, "count")),
          workbookOnly(col("competitors", k.competitorsNamed, "text")),
          workbookOnly(col("top_page", k.mostCitedCompetitorPage, "url")),
          col("action", k.suggestedAction, "text"),
        ],
        themes.map((x) => ({
          theme: themeName(x),
          prompt_count: x.prompts.length,
          gap_answers: x.gapAnswers,
          snapshots: x.snapshots,
          competitors: named(lang, x.competitors, 0),
          top_page: x.pages[0]?.url ?? null,
          action: x.action,
        })),
        m.empty(brand),
        // The client profile shows the top themes; the note says how many there are, the workbook has all.
        { title: t.tableTitle, unit: t.unit },
      ),
      tableOf(
        "opportunities",
        [
          col("prompt_text", k.prompt, "text"),
          workbookOnly(col("category", k.category, "text")),
          col("gap_platform_count", k.platformsWithGap, "count"),
          workbookOnly(col("platform_count", k.platformsAnswering, "count")),
          workbookOnly(col("gap_platform_names", k.platformsWithGapNames, "text")),
          workbookOnly(col("brand_platform_names", k.platformsNaming(brand), "text")),
          col("gap_answers", k.answersWithGap, "count"),
          col("snapshots", k.answers, "count"),
          workbookOnly(col("mentioned", k.answersNaming(brand), "count")),
          col("competitors", k.competitorsNamed, "text"),
          workbookOnly(col("all_competitors", k.competitorsNamedAll, "text")),
          workbookOnly(col("top_page", k.mostCitedCompetitorPage, "url")),
          workbookOnly(col("top_page_citations", k.itsCitations, "count")),
          col("action", k.suggestedAction, "text"),
          workbookOnly(col("rule", k.rule, "text")),
        ],
        list.map((o) => ({
          ...o,
          // One label for a prompt without a category, as the prompts and categories sheets write it.
          category: o.category ?? lang.m.values.uncategorized,
          gap_platform_count: o.gap_platforms.length,
          platform_count: o.platforms.length,
          gap_platform_names: names(o.gap_platforms),
          brand_platform_names: names(o.brand_platforms),
          // The page shows the top three; the workbook every competitor.
          competitors: named(lang, o.competitors.slice(0, 3), o.competitors.length - 3),
          all_competitors: named(lang, o.competitors, 0),
          top_page: o.pages[0]?.url ?? null,
          top_page_citations: o.pages[0]?.citations ?? null,
        })),
        m.empty(brand),
        { workbookOnly: true, title: t.promptsTitle },
      ),
    ];
  });
