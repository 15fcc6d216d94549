/**
 * Rows in PostgreSQL's COPY text format (tab-separated, \N for null, backslash escapes): what the
 * seed's bulk loads send. Pure, so the answer generator can encode in a worker thread.
 */

/** A cell: strings, numbers, booleans, Dates, string arrays, or null. */
export type Cell = string | number | boolean | Date | readonly string[] | null;

/** One row in COPY text format (tab-separated, \N for null, backslash escapes), with its newline. */
export function copyRow(row: readonly Cell[]): string {
  let line = copyCell(row[0] ?? null);
  for (let i = 1; i < row.length; i++) line += `\t${copyCell(row[i] ?? null)}`;
  return `${line}\n`;
}

export function copyText(rows: readonly (readonly Cell[])[]): string {
  let text = "";
  for (const row of rows) text += copyRow(row);
  return text;
}

function textCell(value: Cell): string | null {
  if (value === null) return null;
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "t" : "f";
  if (typeof value === "number") return String(value);
  if (value instanceof Date) return value.toISOString();
  return arrayLiteral(value as readonly string[]);
}

const ARRAY_SPECIAL = /[\\"]/;

function arrayLiteral(items: readonly string[]): string {
  if (items.length === 0) return "{}";
  return `{${items.map((item) => `"${ARRAY_SPECIAL.test(item) ? item.replace(/[\\"]/g, "\\$&") : item}"`).join(",")}}`;
}

const COPY_SPECIAL = /[\\\t\n\r]/;

function copyCell(value: Cell): string {
  const text = textCell(value);
  if (text === null) return "\\N";
  if (!COPY_SPECIAL.test(text)) return text;
  return text.replace(/[\\\t\n\r]/g, (c) =>
    c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r",
  );
}
