import { platformName } from "../figures.js";
import type { CellValue, ValueType } from "../value-type.js";
import type { Lang } from "./index.js";

/**
 * A typed value as the report's text shows it in `lang` (PDF, Markdown, the workbook's text
 * cells): the one place figures become words for every format; null is an em dash.
 */
export function formatIn(lang: Lang, type: ValueType, value: CellValue): string {
  if (value === null || value === undefined) return "—";
  const { f, m } = lang;
  switch (type) {
    case "percent":
      return f.percent(Number(value));
    case "delta_pp":
      return f.deltaPp(Number(value));
    case "count":
      return f.count(Number(value));
    case "delta_count":
      return f.deltaCount(Number(value));
    case "number":
      return f.decimal(Number(value));
    case "boolean":
      return value ? m.values.yes : m.values.no;
    case "platform":
      return platformName(String(value));
    case "status":
      return m.values.status[String(value)] ?? String(value);
    case "date":
      return f.date(String(value));
    case "text":
    case "url":
      return String(value);
  }
}
