import { formatDeltaPp, formatPercent, platformName } from "../../format/figures.js";
import { list } from "../../format/human.js";
import { comparisonOf } from "../../report/comparison.js";
import type { EvidenceItem } from "../../report/model.js";
import type { DraftBlock } from "../types.js";
import { col, fromVisibility, localDay, notice, type SectionDrafter, tableOf } from "./_helpers.js";

/**
 * What the platforms actually answer: the latest answer of the top opportunities and of the
 * prompts whose mention rate grew most (docs/metrics.md, "Evidence"), as short excerpts with the
 * names marked. The page formats quote them; the workbook lists them as rows.
 */
export const evidence: SectionDrafter = (model) =>
  fromVisibility("evidence", "Evidence", model, (): DraftBlock[] => {
    const e = model.evidence;
    if (!e.ok) return [notice(e)];
    const brand = model.cover.brand;
    const day = (item: EvidenceItem) => localDay(item.collectedAt, model.cover.timezone) ?? "";
    const why = (item: EvidenceItem) =>
      item.kind === "gap"
        ? `names ${list(item.competitors)}, not ${brand}`
        : `${brand} is named in ${formatPercent(item.mentionRate ?? 0)} of this prompt's answers${item.delta === null ? "" : ` (${formatDeltaPp(item.delta)} on the previous period)`}`;
    const source = (item: EvidenceItem) => `${platformName(item.platform)}, ${day(item)}: ${why(item)}`;
    const quotes = (kind: EvidenceItem["kind"]): DraftBlock[] =>
      e.value
        .filter((item) => item.kind === kind)
        .map((item) => ({
          kind: "quote",
          title: `“${item.promptText}”`,
          source: source(item),
          segments: item.segments,
        }));
    const gaps = quotes("gap");
    const wins = quotes("win");
    if (gaps.length + wins.length === 0)
      return [
        {
          kind: "paragraph",
          text: "No answer of this period shows a gap or names the brand, so none is quoted.",
        },
      ];
    return [
      ...(gaps.length > 0
        ? [
            {
              kind: "paragraph" as const,
              text: `Where competitors are named and ${brand} is not: the latest such answer to each of the top opportunities.`,
            },
            ...gaps,
          ]
        : []),
      ...(wins.length > 0
        ? [
            {
              kind: "paragraph" as const,
              text: `Where ${brand} is named: the latest answer naming it on the prompts whose mention rate ${comparisonOf(model.cover.period).kind === "full" ? "grew most (a single prompt's change is not tested for significance)" : "is highest"}.`,
            },
            ...wins,
          ]
        : []),
      tableOf(
        "evidence",
        [
          col("kind", "Quoted for", "text"),
          col("prompt", "Prompt", "text"),
          col("platform", "Platform", "platform"),
          col("date", "Date", "date"),
          col("excerpt", "Excerpt", "text"),
          col("competitors", "Competitors named", "text"),
          col("mention_rate", "Prompt mention rate", "percent"),
          col("delta", "Δ prompt mention rate", "delta_pp"),
        ],
        e.value.map((item) => ({
          kind: item.kind === "gap" ? "Opportunity" : "Where named",
          prompt: item.promptText,
          platform: item.platform,
          date: day(item),
          excerpt: item.segments.map((s) => s.text).join(""),
          competitors: item.competitors.join(", "),
          mention_rate: item.mentionRate,
          delta: item.delta,
        })),
        "No answer is quoted.",
        { workbookOnly: true },
      ),
    ];
  });
