import type ExcelJS from "exceljs";
import type { Lang } from "../../../format/i18n/index.js";
import { safeText } from "../../cell-text.js";
import { contentWidths, MAX_WIDTH, type TableBlock, writeGrid } from "./_table.js";

/** Print setup shared by every sheet: landscape, one page wide, as many pages tall as needed. */
export const PAGE_SETUP: Partial<ExcelJS.PageSetup> = {
  orientation: "landscape",
  fitToPage: true,
  fitToWidth: 1,
  fitToHeight: 0,
};

/**
 * Writes a table as a pivot-ready data sheet: the header in row 1, nothing but rows below it
 * (an empty table keeps its header, so every month's workbook has the same sheets and columns),
 * the header frozen and filtered. Titles, notes and "no data" texts go to the About sheet; the note
 * is also the header's comment.
 */
export function writeDataSheet(ws: ExcelJS.Worksheet, complete: TableBlock, lang?: Lang): void {
  const table = complete.columns.some((c) => c.pageOnly)
    ? { ...complete, columns: complete.columns.filter((c) => !c.pageOnly) }
    : complete;
  const last = writeGrid(ws, 1, table, lang);
  // The table's note (a sample's size and what it leaves out) travels with its header, where a
  // reader of this sheet alone sees it; the About sheet's contents list it too.
  if (table.note) ws.getCell(1, 1).note = safeText(table.note);
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: last, column: table.columns.length } };
  ws.views = [{ state: "frozen", ySplit: 1, xSplit: 0 }];
  contentWidths(table, lang?.f.style.pp).forEach((w, i) => {
    ws.getColumn(i + 1).width = Math.max(Math.min(w, MAX_WIDTH), 8);
  });
}
