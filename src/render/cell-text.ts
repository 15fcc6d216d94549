/*
 * Spreadsheet cell text: what every workbook the generator writes (the report's, and the streamed
 * answers workbook) does to untrusted text before it becomes a cell.
 */

/**
 * Characters XML 1.0 forbids (a workbook holding one does not open in Excel): control characters
 * other than tab, newline and carriage return; U+FFFE and U+FFFF; and UTF-16 surrogates that are
 * not part of a pair, which have no UTF-8 form at all.
 */
const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The replacement character marks where a forbidden one stood, so nothing vanishes silently. */
const REPLACEMENT = "\uFFFD";

const HAS_FORBIDDEN = new RegExp(FORBIDDEN.source);

/** `text` with every character XML forbids replaced by U+FFFD. */
export function xmlSafe(text: string): string {
  return HAS_FORBIDDEN.test(text) ? text.replace(FORBIDDEN, REPLACEMENT) : text;
}

/** Excel refuses (or "repairs") cells holding more than this many UTF-16 code units. */
export const MAX_CELL_TEXT = 32_767;
/** Appended to text cut at Excel's limit, so a reader sees the cut instead of losing text silently. */
export const TRUNCATION_MARKER = "… [truncated]";

/**
 * Makes untrusted text safe as a cell string: line breaks normalized to "\n" (XML parsers turn a
 * raw "\r" into "\n" anyway, so writing it would not round-trip) and text cut at Excel's limit.
 * Formula-like text needs nothing here: exceljs writes every JS string as a shared string
 * (`t="s"`, no `<f>`), which Excel and LibreOffice display verbatim and never evaluate.
 */
export function safeText(text: string): string {
  const s = text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
  if (s.length <= MAX_CELL_TEXT) return s;
  let cut = MAX_CELL_TEXT - TRUNCATION_MARKER.length;
  // Never split a surrogate pair: half an emoji is invalid UTF-16 in the XML.
  const code = s.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return s.slice(0, cut) + TRUNCATION_MARKER;
}
