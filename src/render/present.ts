import { FULL, type Presentation } from "../config/presentation.js";
import type { SectionKey } from "../config/section-keys.js";
import { formatCount } from "../format/figures.js";
import { countOf } from "../format/plural.js";
import type { Block, ReportView, SectionView } from "./types.js";
import { workbookSheets } from "./workbook-sheets.js";

type TableBlock = Extract<Block, { kind: "table" }>;

/**
 * What a trimmed table's note calls its rows (the singular, and the plural where it is not the
 * noun plus "s"), and whether they are ranked ("Top 10 of 120 prompts") or merely listed ("The
 * first 10 of 56 items"). A Record: a new section needs words.
 */
const ROWS: Record<SectionKey, { noun: string; other?: string; ranked: boolean }> = {
  executive_summary: { noun: "finding", ranked: false },
  summary: { noun: "figure", ranked: false },
  trend: { noun: "day", ranked: false },
  platforms: { noun: "platform", ranked: false },
  categories: { noun: "category", other: "categories", ranked: false },
  competitors: { noun: "brand", ranked: true },
  opportunities: { noun: "prompt", ranked: true },
  evidence: { noun: "answer", ranked: false },
  cited_sources: { noun: "domain", ranked: true },
  your_pages: { noun: "page", ranked: true },
  competitor_pages: { noun: "page", ranked: true },
  prompts: { noun: "prompt", ranked: false },
  answers: { noun: "answer", ranked: false },
  content_map: { noun: "topic", ranked: false },
  content: { noun: "item", ranked: false },
  methodology: { noun: "line", ranked: false },
};

/**
 * The view the page formats (PDF, Markdown) show: the presentation's sections in its order, each
 * section's tables cut to its row count with a note saying how much it shows and where the
 * rest is. Pure; the workbook always gets the complete view (docs/architecture.md, "Profiles").
 */
export function presentView(view: ReportView, presentation: Presentation = FULL): ReportView {
  const byKey = new Map(view.sections.map((s) => [s.key, s]));
  // Where a cut table's rows are: its sheet in the complete view's workbook.
  const sheets = new Map(workbookSheets(view).map((d) => [d.table, d.name]));
  const sections = presentation.sections.flatMap((key) => {
    const section = byKey.get(key);
    return section ? [pageColumns(trim(pageBlocks(section), presentation.rows[key], sheets))] : [];
  });
  return { ...view, sections };
}

/** The section without its workbook-only tables (the evidence's quotes as rows). */
function pageBlocks(section: SectionView): SectionView {
  const keep = (b: Block) => !(b.kind === "table" && b.workbookOnly);
  return section.blocks.every(keep) ? section : { ...section, blocks: section.blocks.filter(keep) };
}

/** The section without its workbook-only columns (sample sizes, interval bounds). */
function pageColumns(section: SectionView): SectionView {
  const hasOnly = (b: Block) => b.kind === "table" && b.columns.some((c) => c.workbookOnly);
  if (!section.blocks.some(hasOnly)) return section;
  return {
    ...section,
    blocks: section.blocks.map((b) =>
      b.kind === "table" && hasOnly(b) ? { ...b, columns: b.columns.filter((c) => !c.workbookOnly) } : b,
    ),
  };
}

/** Cuts each of the section's tables to `rows`, saying how much it shows and where the rest is. */
function trim(
  section: SectionView,
  rows: number | undefined,
  sheets: ReadonlyMap<TableBlock, string>,
): SectionView {
  if (rows === undefined) return section;
  const { noun, other, ranked } = ROWS[section.key];
  const cut = (table: TableBlock): Block => {
    if (table.complete || table.rows.length <= rows) return table;
    const n = table.rows.length;
    const all = countOf(n, noun, other);
    const where = `in the workbook (sheet "${sheets.get(table) ?? section.title}")`;
    if (rows === 0) {
      const text =
        n === 1 ? `The one ${noun} of this table is ${where}.` : `All ${all} of this table are ${where}.`;
      return { kind: "paragraph", text };
    }
    return {
      ...table,
      rows: table.rows.slice(0, rows),
      note: [
        `${ranked ? `Top ${formatCount(rows)}` : `The first ${formatCount(rows)}`} of ${all}; all of them are ${where}.`,
        table.note,
      ]
        .filter(Boolean)
        .join(" "),
    };
  };
  return { ...section, blocks: section.blocks.map((b) => (b.kind === "table" ? cut(b) : b)) };
}
