/** How a value is typed, and therefore formatted (Markdown/PDF) or number-formatted (XLSX). */
export type ValueType =
  | "percent" // a fraction 0..1 shown as 42.3%
  | "delta_pp" // a difference of fractions, shown in percentage points: +4.2 pp
  | "count" // an integer with thousands separators: 12,345
  | "delta_count" // a signed integer: +12, −3, 0
  | "number" // a plain decimal with one digit
  | "text"
  | "url"
  | "date" // YYYY-MM-DD
  | "platform" // a platform value, shown by its display name
  | "boolean" // Yes / No
  | "status"; // a target status (on_track…), shown as On track, At risk, Off track, No data

export type CellValue = number | string | boolean | null;
