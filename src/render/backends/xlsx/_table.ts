import type ExcelJS from "exceljs";
import type { Lang } from "../../../format/i18n/index.js";
import { safeText } from "../../cell-text.js";
import { cellTone, isToned } from "../../change-tone.js";
import type { Block, Column } from "../../types.js";
import { displayLength, toCell, wrappedHeight } from "./_cells.js";
import { HEADER, linkStyle, ROW, styleFor, toned } from "./_styles.js";

/** A table block of the view. */
export type TableBlock = Extract<Block, { kind: "table" }>;

/** Widest column, in characters; longer text wraps instead. */
export const MAX_WIDTH = 60;
// Widths come from the header and the first rows only: scanning 100,000 rows buys nothing visible.
const WIDTH_SAMPLE = 500;

/**
 * A column's header with the unit of its figures: a rate is a fraction shown as a percentage
 * ("Mention rate (%)"), a change of rates a number of percentage points ("Δ mention (pp)", in the
 * report language's unit `pp`, as its number format shows it: _number-formats.ts). Rates and
 * their changes sit side by side in one table in different units, so each header says which.
 */
export function headerLabel(c: Pick<Column, "label" | "type">, pp = "pp"): string {
  const unit = c.type === "percent" ? "%" : c.type === "delta_pp" ? pp : undefined;
  return unit === undefined || c.label.endsWith(`(${unit})`) ? c.label : `${c.label} (${unit})`;
}

/** Content width of each column (header and first rows), uncapped so callers can tell what must wrap. */
export function contentWidths(block: TableBlock, pp = "pp"): number[] {
  return block.columns.map((c) => {
    let w = headerLabel(c, pp).length + 3; // room for the autofilter button
    const n = Math.min(block.rows.length, WIDTH_SAMPLE);
    for (let i = 0; i < n; i++) w = Math.max(w, displayLength(c.type, block.rows[i]?.[c.key] ?? null) + 1);
    return w;
  });
}

/** Which columns wrap: text wider than the cap, or holding line breaks (shown only when wrapped). */
function wrapColumns(block: TableBlock, pp: string): boolean[] {
  const widths = contentWidths(block, pp);
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
 * Writes a table's bold header at `row` and its typed rows below it, changes coloured by their
 * meaning; returns the last row written (the header's row when there are no rows).
 */
export function writeGrid(ws: ExcelJS.Worksheet, row: number, block: TableBlock, lang?: Lang): number {
  const cols = block.columns;
  const pp = lang?.f.style.pp ?? "pp";
  const header = ws.getRow(row);
  cols.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.value = safeText(headerLabel(c, pp));
    cell.style = HEADER;
  });
  const wrap = wrapColumns(block, pp);
  const widths = contentWidths(block, pp).map((w) => Math.min(w, MAX_WIDTH));
  const styles = cols.map((c, i) => styleFor(c.type, wrap[i], pp));
  const links = wrap.map((w) => linkStyle(w ?? false));
  // Changes and targets' statuses in the colour of their meaning, as in every format.
  const toneds = cols.map(isToned);
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
        typeof value === "object" && value !== null && "hyperlink" in value
          ? links[i]!
          : toneds[i]
            ? toned(styles[i]!, cellTone(c, src))
            : styles[i]!;
      if (wrap[i] && typeof raw === "string") {
        const h = wrappedHeight(raw, widths[i]!);
        if (h && h > (height ?? 0)) height = h;
      }
    }
    if (height) line.height = height;
  }
  return r - 1;
}
