import { FULL, type Presentation } from "../config/presentation.js";
import { type Lang, langOf } from "../format/i18n/index.js";
import { placeLegend } from "./legend.js";
import { sectionOf } from "./sections/index.js";
import { clientView } from "./technical.js";
import type { Block, ReportView, SectionView } from "./types.js";
import { workbookSheets } from "./workbook-sheets.js";

type TableBlock = Extract<Block, { kind: "table" }>;

/**
 * The view the page formats (PDF, Markdown) show: the presentation's sections in its order, each
 * section's tables cut to its row count with a note saying how much it shows and where the
 * rest is. Pure; the workbook always gets the complete view (docs/architecture.md, "Profiles").
 */
export function presentView(
  complete: ReportView,
  presentation: Presentation = FULL,
  workbook = true,
): ReportView {
  // What only the agency reads is in no page format, whatever the profile (render/technical.ts).
  const view = clientView(complete);
  const byKey = new Map(view.sections.map((s) => [s.key, s]));
  // Where a cut table's rows are: its sheet in the complete view's workbook.
  const sheets = new Map(workbookSheets(view).map((d) => [d.table, d.name]));
  const lang = langOf(view.branding.locale);
  const sections = presentation.sections.flatMap((key) => {
    const section = byKey.get(key);
    return section
      ? [
          pageColumns(
            trim(
              pointers(pageBlocks(section), workbook),
              presentation.rows[key],
              workbook ? sheets : null,
              lang,
            ),
          ),
        ]
      : [];
  });
  // The legend follows the first coloured figure the pages show, wherever the picking put it.
  return { ...view, sections: placeLegend(sections, lang, view.cover.brand) };
}

/** The section without its workbook-only tables (the evidence's quotes as rows). */
function pageBlocks(section: SectionView): SectionView {
  const keep = (b: Block) => !(b.kind === "table" && b.workbookOnly);
  return section.blocks.every(keep) ? section : { ...section, blocks: section.blocks.filter(keep) };
}

/** The section's paragraphs with their pointers to the workbook when the run makes it, else without. */
function pointers(section: SectionView, workbook: boolean): SectionView {
  const points = (b: Block) => b.kind === "paragraph" && b.workbookPointer !== undefined;
  if (!section.blocks.some(points)) return section;
  return {
    ...section,
    blocks: section.blocks.map((b) => {
      if (b.kind !== "paragraph" || b.workbookPointer === undefined) return b;
      const { workbookPointer, ...paragraph } = b;
      return workbook ? { ...paragraph, text: `${b.text} ${workbookPointer}` } : paragraph;
    }),
  };
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

/** The fewest rows a cut leaves out when the run makes no workbook to hold them. */
const MIN_LEFT_OUT = 3;

/**
 * Cuts each of the section's tables to `rows`, saying how much it shows and where the rest is:
 * its sheet of the workbook, or, when the run makes no workbook (`sheets` null), nowhere, and a
 * table left out whole leaves no pointer to it.
 */
function trim(
  section: SectionView,
  rows: number | undefined,
  sheets: ReadonlyMap<TableBlock, string> | null,
  lang: Lang,
): SectionView {
  if (rows === undefined) return section;
  const t = lang.m.trim;
  const cut = (table: TableBlock): Block[] => {
    const noun = table.unit ?? t.rows[section.key];
    if (table.complete || table.rows.length <= rows) return [table];
    const n = table.rows.length;
    // Without the workbook the rows a cut leaves out are nowhere: one or two are printed rather
    // than lost; with it, one row is printed rather than hidden behind a note that takes its
    // line (docs/architecture.md, "Profiles").
    if (rows > 0 && n - rows < (sheets === null ? MIN_LEFT_OUT : 2)) return [table];
    // The sheet's name in the report's language: the workbook's sheets are named by the translated titles.
    const where = sheets === null ? null : t.where(sheets.get(table) ?? section.title);
    if (rows === 0) {
      if (where === null) return [];
      const text = n === 1 ? t.onlyRow(noun, where) : t.allRows(n, noun, where);
      return [{ kind: "paragraph", text, aside: true }];
    }
    return [
      {
        ...table,
        rows: table.rows.slice(0, rows),
        note: [
          sectionOf(section.key).ranked ? t.top(rows, n, noun, where) : t.first(rows, n, noun, where),
          table.note,
        ]
          .filter(Boolean)
          .join(" "),
      },
    ];
  };
  return { ...section, blocks: section.blocks.flatMap((b) => (b.kind === "table" ? cut(b) : [b])) };
}
