import type ExcelJS from "exceljs";
import { platformName } from "../../../format/figures.js";
import { ENGLISH, type Lang } from "../../../format/i18n/index.js";
import { formatIn } from "../../../format/i18n/value.js";
import type { CellValue, ValueType } from "../../../format/value-type.js";
import { safeText } from "../../cell-text.js";

/** A `YYYY-MM-DD…` string as a JS Date at UTC midnight (an integral Excel serial), or null. */
export function toExcelDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(d.getTime()) ? null : d;
}

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?$/i;
const PATH = /^[/?#][^\s<>"'`\\{}|^]*$/;

/** The https link for a URL-ish value when it is a plausible web address, else null (shown as text). */
export function linkFor(value: string): string | null {
  if (value.length > 2000) return null;
  const m = /^(https?:\/\/)?([^/?#]+)(.*)$/i.exec(value);
  if (!m) return null;
  const host = m[2] ?? "";
  const rest = m[3] ?? "";
  if (!HOST.test(host) || (rest !== "" && !PATH.test(rest))) return null;
  return (m[1] ?? "https://") + host + rest;
}

/** Rounds away binary noise (0.0481 × 100 = 4.8100000000000005) so stored figures read back exactly. */
function clean(n: number): number {
  return Number(n.toPrecision(12));
}

/**
 * A rate difference in percentage points, unrounded: the cell's format shows one decimal, as the
 * page formats do, while a filter or a formula sees the figure itself (a significant change whose
 * interval starts at +0.03 pp keeps that bound instead of reading as 0). A change is coloured by
 * its significance, never by its sign, so a tiny one does not read as good news either.
 */
function ppValue(fraction: number): number {
  return clean(fraction * 100);
}

/** The typed Excel value of one view value: numbers stay numbers, dates become dates, text is inert. */
export function toCell(type: ValueType, value: CellValue, lang: Lang = ENGLISH): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  const n = typeof value === "number" ? value : Number.NaN;
  switch (type) {
    case "percent":
    case "number":
      return Number.isFinite(n) ? clean(n) : safeText(String(value));
    case "delta_pp":
      // Stored in percentage points so a filter "> 2" means "more than 2 pp", as the cell reads.
      return Number.isFinite(n) ? ppValue(n) : safeText(String(value));
    case "count":
    case "delta_count":
      return Number.isFinite(n) ? Math.round(n) : safeText(String(value));
    case "date":
      return toExcelDate(String(value)) ?? safeText(String(value));
    case "boolean":
      return typeof value === "boolean" ? value : safeText(String(value));
    case "platform":
      return safeText(platformName(String(value)));
    case "status":
      // A target's status is words, in the report's language (docs/targets.md, docs/i18n.md).
      return formatIn(lang, "status", value);
    case "url": {
      const text = safeText(String(value));
      const hyperlink = linkFor(text);
      return hyperlink ? { text, hyperlink } : text;
    }
    case "text":
      return safeText(String(value));
  }
}

/**
 * Row height (points) that shows every line of text wrapped in a column `width` characters wide,
 * or undefined for one line. An estimate (fonts are proportional), needed because LibreOffice does
 * not grow rows on import and neither application sizes merged cells.
 */
export function wrappedHeight(text: string, width: number): number | undefined {
  const perLine = Math.max(10, Math.floor(width * 1.1));
  let lines = 0;
  // Most cells are one paragraph: skip the split (one array per cell on 100,000-row tables).
  if (!text.includes("\n")) lines = Math.max(1, Math.ceil(text.length / perLine));
  else for (const line of text.split("\n")) lines += Math.max(1, Math.ceil(line.length / perLine));
  return lines > 1 ? Math.min(409, lines * 15 + 3) : undefined; // 409 pt: Excel's tallest row
}

/** Characters a value takes when shown, for column widths (longest line of multi-line text). */
export function displayLength(type: ValueType, value: CellValue): number {
  if (value === null || value === undefined) return 1;
  switch (type) {
    case "percent":
      return 7;
    case "delta_pp":
      return 10;
    case "count":
    case "delta_count":
      return Math.max(3, Math.ceil(String(Math.round(Math.abs(Number(value)))).length * 1.34) + 1);
    case "number":
      return String(Math.round(Number(value))).length + 3;
    case "date":
      return 10;
    case "boolean":
      return 5;
    case "platform":
      return platformName(String(value)).length;
    default: {
      const s = String(value);
      if (!s.includes("\n")) return s.length;
      return s.split("\n").reduce((max, line) => Math.max(max, line.length), 0);
    }
  }
}
