import type { Block, Column, ReportView, SectionView } from "./types.js";

/*
 * What only the agency reads: the rule or agent behind a suggestion, the content pipeline's own
 * statuses, the report's profile. A client never sees them, in any format; the full profile's
 * workbook lists them on its technical sheet (docs/decisions.md, "Nothing internal reaches a client").
 */

type TableBlock = Extract<Block, { kind: "table" }>;

/**
 * Columns internal by their table's id and key, for a drafter that does not mark its own: the
 * opportunities' rule names the branch of docs/metrics.md that chose the action ("absent"), an
 * internal code. A drafter marks a column with `technical: true` itself where it can.
 */
const INTERNAL_COLUMNS: Readonly<Record<string, readonly string[]>> = { opportunities: ["rule"] };

/** Whether a column of `table` is internal. */
function isTechnical(table: TableBlock, column: Column): boolean {
  return column.technical === true || (INTERNAL_COLUMNS[table.id]?.includes(column.key) ?? false);
}

/** The section without its internal tables and columns: what every client-facing format shows. */
function withoutTechnical(section: SectionView): SectionView {
  const internal = (b: Block) =>
    b.kind === "table" && (b.technical || b.columns.some((c) => isTechnical(b, c)));
  if (!section.blocks.some(internal)) return section;
  return {
    ...section,
    blocks: section.blocks.flatMap((b): Block[] => {
      if (b.kind !== "table" || !internal(b)) return [b];
      if (b.technical) return [];
      return [{ ...b, columns: b.columns.filter((c) => !isTechnical(b, c)) }];
    }),
  };
}

/** The view without its internal tables and columns: the page formats' and the workbook's data sheets'. */
export function clientView(view: ReportView): ReportView {
  return { ...view, sections: view.sections.map(withoutTechnical) };
}

/** An internal table with the section it belongs to, for the technical sheet. */
export interface TechnicalTable {
  section: SectionView;
  table: TableBlock;
}

/**
 * The internal parts of the sections, as tables: an internal table whole, and for a table with
 * internal columns its first column (what names the row: the prompt, the title) beside them.
 */
export function technicalTables(sections: readonly SectionView[]): TechnicalTable[] {
  return sections.flatMap((section) =>
    section.blocks.flatMap((b): TechnicalTable[] => {
      if (b.kind !== "table") return [];
      if (b.technical) return [{ section, table: b }];
      const internal = b.columns.filter((c) => isTechnical(b, c));
      const first = b.columns.find((c) => !isTechnical(b, c));
      if (internal.length === 0 || first === undefined) return [];
      return [{ section, table: { ...b, columns: [first, ...internal] } }];
    }),
  );
}
