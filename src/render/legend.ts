import type { Lang } from "../format/i18n/index.js";
import { cellTone, kpiTone, LEGEND_TONES } from "./change-tone.js";
import type { Block, DraftBlock } from "./types.js";

type AnyBlock = Block | DraftBlock;
type LegendBlock = Extract<Block, { kind: "legend" }>;

/** The legend of the colours of changes, in the report's language, naming the client. */
export function legendBlock(lang: Lang, brand: string): LegendBlock {
  const w = lang.m.legend;
  const text = { good: w.good(brand), bad: w.bad(brand), neutral: w.neutral };
  return { kind: "legend", items: LEGEND_TONES.map((tone) => ({ tone, text: text[tone] })) };
}

/** Whether a block shows a change coloured as good or bad news (in a page format, so not a workbook-only table). */
function colours(b: AnyBlock): boolean {
  const news = (tone: string) => tone === "good" || tone === "bad";
  if (b.kind === "kpis") return b.items.some((k) => news(kpiTone(k)));
  if (b.kind !== "table" || b.workbookOnly || b.technical) return false;
  return b.rows.some((row) => b.columns.some((c) => !c.workbookOnly && news(cellTone(c, row))));
}

/**
 * The sections with one legend of the colours, right after the first block that colours a change
 * as good or bad news, and no other: a reader meets the key where the colours start, once. Any
 * legend already there is moved, so the page formats, which pick and cut sections, place their
 * own (render/present.ts). Without a coloured figure there is no legend.
 */
export function placeLegend<S extends { blocks: AnyBlock[] }>(sections: S[], lang: Lang, brand: string): S[] {
  const stripped = sections.map((s) =>
    s.blocks.some((b) => b.kind === "legend")
      ? { ...s, blocks: s.blocks.filter((b) => b.kind !== "legend") }
      : s,
  );
  const at = stripped.findIndex((s) => s.blocks.some(colours));
  if (at === -1) return stripped;
  return stripped.map((s, i) => {
    if (i !== at) return s;
    const after = s.blocks.findIndex(colours) + 1;
    return {
      ...s,
      blocks: [...s.blocks.slice(0, after), legendBlock(lang, brand), ...s.blocks.slice(after)],
    };
  });
}
