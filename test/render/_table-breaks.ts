import { documentContext } from "../../src/render/html/context.js";
import { contentWidthMm } from "../../src/render/html/css.js";
import type { ReportView } from "../../src/render/types.js";
import { pdfPages } from "./_pdf-tools.js";

/** A printed table: where its rows landed, as 0-based page indexes in row order. */
export interface PrintedTable {
  title: string;
  pages: number[];
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The first line of a printed row as a pattern: under `pdftotext -layout` it holds the start of
 * every cell (cells are top-aligned), in column order, with other text between them. Each cell
 * is matched by its first word's first six characters, which no wrapping can split.
 */
function rowPattern(cells: readonly string[]): RegExp {
  const starts = cells
    .map((c) => c.trim().split(/\s+/)[0]!.slice(0, 6))
    .filter((s) => s !== "")
    .map(literal);
  return new RegExp(starts.join("[^\\n]*?"), "g");
}

/**
 * Where each page-format table's rows of `view` (as presented) landed in the printed `file`: the
 * rows are searched in document order, each after the one before, so repeated texts resolve to
 * the right row. Throws if a row cannot be found (then the check could not say anything).
 */
export function printedTables(view: ReportView, file: string): PrintedTable[] {
  const pages = pdfPages(file);
  const starts: number[] = [];
  let all = "";
  for (const p of pages) {
    starts.push(all.length);
    all += `${p}\n`;
  }
  const pageAt = (offset: number) => starts.findLastIndex((s) => s <= offset);
  const ctx = documentContext(view, contentWidthMm({}));
  let cursor = 0;
  const out: PrintedTable[] = [];
  for (const section of ctx.sections)
    for (const block of section.blocks) {
      if (block.kind !== "table" || block.rows.length === 0) continue;
      const printed: PrintedTable = { title: `${section.title}: ${block.title ?? ""}`, pages: [] };
      for (const row of block.rows) {
        const pattern = rowPattern(row.map((c) => c.text));
        pattern.lastIndex = cursor;
        const hit = pattern.exec(all);
        if (!hit) throw new Error(`${printed.title}: row "${row[0]?.text}" not found in the PDF`);
        printed.pages.push(pageAt(hit.index));
        cursor = hit.index + 1;
      }
      out.push(printed);
    }
  return out;
}

/**
 * The breaks that leave fewer than `min` rows of a table on a page's side of it, as
 * "title: 2 rows before a break"; a table of at most 2 × min rows broken at all is one too.
 */
export function strandedRows(tables: readonly PrintedTable[], min = 3): string[] {
  const found: string[] = [];
  for (const t of tables) {
    const counts = new Map<number, number>();
    for (const p of t.pages) counts.set(p, (counts.get(p) ?? 0) + 1);
    const perPage = [...counts.values()];
    if (perPage.length < 2) continue;
    if (t.pages.length <= 2 * min)
      found.push(`${t.title}: a short table of ${t.pages.length} rows is broken`);
    if (perPage[0]! < min) found.push(`${t.title}: ${perPage[0]} rows before a break`);
    if (perPage.at(-1)! < min) found.push(`${t.title}: ${perPage.at(-1)} rows after a break`);
  }
  return found;
}
