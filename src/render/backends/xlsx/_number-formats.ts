import type { ValueType } from "../../../format/value-type.js";

/**
 * Excel number formats matching the figures of `formatIn` (the XLSX backend stores raw numbers),
 * percentage points written `pp`, the report language's unit ("Pp." in German). Excel shows the
 * decimal and thousands separators of the reader's own locale: only the unit is the report's.
 */
export function excelNumberFormats(pp = "pp"): Partial<Record<ValueType, string>> {
  return {
    percent: "0.0%",
    // Changes are stored unrounded: one under 0.05 pp either way shows "0.0 pp", unsigned, as the
    // page formats print it (a conditional section shows the absolute value, hence the "-").
    delta_pp: `[>=0.05]+0.0" ${pp}";[<=-0.05]-0.0" ${pp}";0.0" ${pp}"`,
    count: "#,##0",
    delta_count: "+#,##0;-#,##0;0",
    number: "0.0",
    date: "yyyy-mm-dd",
  };
}
