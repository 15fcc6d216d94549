import type { Lang } from "../format/i18n/index.js";
import { type Comparison, comparisonNotice } from "../report/comparison.js";
import type { DraftBlock, SectionDraft } from "./types.js";

const CHANGE_TYPES: ReadonlySet<string> = new Set(["delta_pp", "delta_count"]);

function withhold(block: DraftBlock): DraftBlock {
  if (block.kind === "kpis")
    return {
      ...block,
      // Its change goes too: no "no significant change" under a change that is not shown.
      items: block.items.map(({ change: _withheld, ...k }) => ({ ...k, previous: null, delta: null })),
    };
  if (block.kind === "table")
    return { ...block, columns: block.columns.filter((c) => !CHANGE_TYPES.has(c.type) && !c.comparison) };
  return block;
}

/**
 * Every format's sections without changes when the comparison period has no data or only partly
 * (docs/decisions.md#period): KPIs lose their previous value and change, tables their change
 * columns and what describes the comparison (previous values, significance), and the summary's
 * figures open with the sentence naming the comparison period and its coverage.
 */
export function withholdChanges(
  sections: SectionDraft[],
  comparison: Comparison,
  lang: Lang,
): SectionDraft[] {
  const notice = comparisonNotice(comparison, lang);
  if (notice === undefined) return sections;
  return sections.map((s) => {
    const blocks = s.blocks.map(withhold);
    // Said where figures lose their change: a summary with none (a period without answers says
    // so itself) has no change to explain.
    const said = s.key === "summary" && blocks.some((b) => b.kind === "kpis");
    return { ...s, blocks: said ? [{ kind: "notice", text: notice }, ...blocks] : blocks };
  });
}
