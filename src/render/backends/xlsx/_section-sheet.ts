import type ExcelJS from "exceljs";
import type { Block, SectionView } from "../../types.js";
import { finishSheet, newLayout, type SheetLayout, writeBlock } from "./_blocks.js";
import { HEADING } from "./_styles.js";
import {
  contentWidths,
  mergeWidths,
  type PlacedTable,
  type TableBlock,
  writeLine,
  writeTable,
} from "./_table.js";

// Freezing a header lower than this would pin most of the screen; the filter still works without it.
const MAX_FROZEN_ROWS = 20;

/** Print setup shared by every sheet: landscape, one page wide, as many pages tall as needed. */
export const PAGE_SETUP: Partial<ExcelJS.PageSetup> = {
  orientation: "landscape",
  fitToPage: true,
  fitToWidth: 1,
  fitToHeight: 0,
};

/**
 * Writes tables below `row`, separated by a blank row and titled; puts the sheet's single
 * autofilter (Excel allows one per sheet) and frozen header on the largest table, the first on ties.
 */
export function writeTables(
  ws: ExcelJS.Worksheet,
  row: number,
  tables: readonly TableBlock[],
  layout: SheetLayout,
): number {
  let r = row;
  let main: PlacedTable | null = null;
  tables.forEach((t, i) => {
    if (i > 0) r++; // blank separator row
    // A lone untitled table needs no title row; several are told apart by titles (else their id).
    const title = t.title ?? (tables.length > 1 ? humanize(t.id) : null);
    const { placed, next } = writeTable(ws, r, t, title);
    mergeWidths(layout.widths, contentWidths(t));
    if (placed && (!main || placed.lastRow - placed.headerRow > main.lastRow - main.headerRow)) main = placed;
    r = next;
  });
  const m = main as PlacedTable | null;
  if (m) {
    ws.autoFilter = { from: { row: m.headerRow, column: 1 }, to: { row: m.lastRow, column: m.columns } };
    if (m.headerRow <= MAX_FROZEN_ROWS) ws.views = [{ state: "frozen", ySplit: m.headerRow, xSplit: 0 }];
  }
  return r;
}

/** "cited_sources" → "Cited sources". */
function humanize(id: string): string {
  const s = id.replace(/[_-]+/g, " ").trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Writes one section on its own sheet: heading, narrative blocks first, then its tables. */
export function writeSectionSheet(ws: ExcelJS.Worksheet, section: SectionView): void {
  const tables = section.blocks.filter((b): b is TableBlock => b.kind === "table");
  const layout = newLayout();
  writeLine(ws, 1, section.title, HEADING);
  let r = 3;
  const others = section.blocks.filter((b: Block) => b.kind !== "table");
  for (const b of others) r = writeBlock(ws, r, b, layout);
  if (others.length > 0 && tables.length > 0) r++;
  writeTables(ws, r, tables, layout);
  finishSheet(ws, layout);
}
