import type { ReportView } from "../../types.js";

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

/** `value` with its strings made safe; a part with nothing to replace is returned as it is (no copy). */
function deep(value: unknown): unknown {
  if (typeof value === "string") return xmlSafe(value);
  if (Array.isArray(value)) {
    const out = value.map(deep);
    return out.some((v, i) => v !== value[i]) ? out : value;
  }
  // Images (Uint8Array) and dates pass through; only plain objects are walked.
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value);
    const out = entries.map(([k, v]) => [k, deep(v)] as const);
    return out.some(([, v], i) => v !== entries[i]?.[1]) ? Object.fromEntries(out) : value;
  }
  return value;
}

/**
 * The view with every string made safe for XML: cell text, hyperlink targets, titles, labels,
 * sheet names and workbook properties all come from it, so no text reaches the workbook unsafe.
 */
export function xmlSafeView(view: ReportView): ReportView {
  return deep(view) as ReportView;
}
