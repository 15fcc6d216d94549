import type ExcelJS from "exceljs";
import type { Lang } from "../../../format/i18n/index.js";
import { safeText } from "../../cell-text.js";
import type { Block, Column } from "../../types.js";
import { displayLength, toCell, wrappedHeight } from "./_cells.js";
import { deltaRules, HEADER, linkStyle, ROW, significantDeltaRules, styleFor } from "./_styles.js";

/** A table block of the view. */
export type TableBlock = Extract<Block, { kind: "table" }>;

/** Widest column, in characters; longer text wraps instead. */
export const MAX_WIDTH = 60;
// Widths come from the header and the first rows only: scanning 100,000 rows buys nothing visible.
const WIDTH_SAMPLE = 500;

/** Content width of each column (header and first rows), uncapped so callers can tell what must wrap. */
export function contentWidths(block: TableBlock): number[] {
  return block.columns.map((c) => {
    let w = c.label.length + 3; // room for the autofilter button
    const n = Math.min(block.rows.length, WIDTH_SAMPLE);
    for (let i = 0; i < n; i++) w = Math.max(w, displayLength(c.type, block.rows[i]?.[c.key] ?? null) + 1);
    return w;
  });
}

/** Which columns wrap: text wider than the cap, or holding line breaks (shown only when wrapped). */
function wrapColumns(block: TableBlock): boolean[] {
  const widths = contentWidths(block);
  const n = Math.min(block.rows.length, WIDTH_SAMPLE);
  return block.columns.map((c, i) => {
    if ((widths[i] ?? 0) > MAX_WIDTH) return true;
    if (c.type !== "text" && c.type !== "url") return false;
    for (let r = 0; r < n; r++) {
      const v = block.rows[r]?.[c.key];
      if (typeof v === "string" && (v.includes("\n") || v.includes("\r"))) return true;
    }
    return false;
  });
}

/** Raises `widths[i]` to each of `add[i]`, capped at MAX_WIDTH. */
export function mergeWidths(widths: number[], add: readonly number[]): void {
  add.forEach((w, i) => {
    widths[i] = Math.max(widths[i] ?? 0, Math.min(w, MAX_WIDTH));
  });
}

/** Writes one line of styled text at `row`, column A. */
export function writeLine(
  ws: ExcelJS.Worksheet,
  row: number,
  text: string,
  style: Partial<ExcelJS.Style>,
): void {
  const cell = ws.getCell(row, 1);
  cell.value = safeText(text);
  cell.style = style;
}

/**
 * Colours the positive and negative values of every delta column in rows first..last; a change
 * with a significance flag among the columns only where the flag is true.
 */
export function colourDeltas(
  ws: ExcelJS.Worksheet,
  columns: readonly Column[],
  first: number,
  last: number,
): void {
  columns.forEach((c, i) => {
    if (c.type !== "delta_pp" && c.type !== "delta_count") return;
    const letter = ws.getColumn(i + 1).letter;
    const flagAt = c.significance === undefined ? -1 : columns.findIndex((f) => f.key === c.significance);
    // A change whose significance the sheet does not show (an untested difference, a target's
    // gap) stays uncoloured: the page formats grey it too when its flag is false.
    if (c.significance !== undefined && flagAt === -1) return;
    const rules =
      flagAt === -1
        ? deltaRules()
        : significantDeltaRules(`${letter}${first}`, `$${ws.getColumn(flagAt + 1).letter}${first}`);
    ws.addConditionalFormatting({ ref: `${letter}${first}:${letter}${last}`, rules });
  });
}

/**
 * Writes a table's bold header at `row` and its typed rows below it, and colours its delta
 * columns; returns the last row written (the header's row when there are no rows).
 */
export function writeGrid(ws: ExcelJS.Worksheet, row: number, block: TableBlock, lang?: Lang): number {
  const cols = block.columns;
  const header = ws.getRow(row);
  cols.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.value = safeText(c.label);
    cell.style = HEADER;
  });
  const wrap = wrapColumns(block);
  const widths = contentWidths(block).map((w) => Math.min(w, MAX_WIDTH));
  const styles = cols.map((c, i) => styleFor(c.type, wrap[i]));
  const links = wrap.map((w) => linkStyle(w ?? false));
  let r = row + 1;
  for (const src of block.rows) {
    const line = ws.getRow(r++);
    // `style` is a runtime property of a row that exceljs' type declarations leave out.
    (line as unknown as { style: Partial<ExcelJS.Style> }).style = ROW;
    let height: number | undefined;
    for (let i = 0; i < cols.length; i++) {
      const c = cols[i]!;
      const raw = src[c.key];
      if (raw === null || raw === undefined) continue; // an empty cell, not a zero
      const value = toCell(c.type, raw, lang);
      const cell = line.getCell(i + 1);
      cell.value = value;
      cell.style =
        typeof value === "object" && value !== null && "hyperlink" in value ? links[i]! : styles[i]!;
      if (wrap[i] && typeof raw === "string") {
        const h = wrappedHeight(raw, widths[i]!);
        if (h && h > (height ?? 0)) height = h;
      }
    }
    if (height) line.height = height;
  }
  const lastRow = r - 1;
  if (lastRow > row) colourDeltas(ws, cols, row + 1, lastRow);
  return lastRow;
}
