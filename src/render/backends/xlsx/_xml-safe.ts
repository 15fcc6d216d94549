import { xmlSafe } from "../../cell-text.js";
import type { ReportView } from "../../types.js";

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
