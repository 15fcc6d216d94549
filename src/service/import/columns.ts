/**
 * The canonical CSV columns and how a file's header maps onto them (docs/import.md, "Columns").
 * A mapping renames: `{ prompt: "Question" }` reads the canonical `prompt` from the file's
 * `Question` column. Header names match case-insensitively, ignoring surrounding spaces.
 */
import { ImportError } from "./errors.js";

/** Every canonical column, required ones first. */
export const COLUMNS = [
  "prompt",
  "platform",
  "answered_at",
  "answer",
  "mentions",
  "citations",
  "category",
] as const;
export type Column = (typeof COLUMNS)[number];

/** Columns a file must have (after mapping). The others may be absent. */
export const REQUIRED_COLUMNS: readonly Column[] = ["prompt", "platform", "answered_at", "answer"];

/** Canonical column → the file's column name. */
export type ColumnMapping = Partial<Record<Column, string>>;

/** Where each canonical column sits in a row, and its name in the file (for messages). */
export interface ColumnLayout {
  index: Partial<Record<Column, number>>;
  name: Partial<Record<Column, string>>;
  /** Fields of the header row (a row of another length is an error). */
  width: number;
}

/** Whether `value` names a canonical column. */
export function isColumn(value: string): value is Column {
  return (COLUMNS as readonly string[]).includes(value);
}

/**
 * Parses `--map prompt=Question,platform=Engine`. Throws BAD_MAPPING naming the pair at fault
 * and the allowed canonical names, or the column given twice.
 */
export function parseMapping(spec: string): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const pair of spec.split(",")) {
    if (pair.trim() === "") continue;
    const eq = pair.indexOf("=");
    const key = (eq === -1 ? pair : pair.slice(0, eq)).trim().toLowerCase();
    const value = eq === -1 ? "" : pair.slice(eq + 1).trim();
    if (!isColumn(key))
      throw new ImportError(
        "BAD_MAPPING",
        `unknown column "${key}" in "${pair.trim()}": allowed are ${COLUMNS.join(", ")}`,
      );
    if (value === "")
      throw new ImportError(
        "BAD_MAPPING",
        `"${pair.trim()}" names no column of the file: write ${key}=<column name>`,
      );
    // The last of two would win unseen, and the file read with the other column.
    if (mapping[key] !== undefined)
      throw new ImportError(
        "BAD_MAPPING",
        `column "${key}" is mapped twice ("${mapping[key]}" and "${value}"): give each column once`,
      );
    mapping[key] = value;
  }
  return mapping;
}

/** Where the canonical columns are in `header`; throws BAD_HEADER naming every missing one. */
export function layoutOf(header: readonly string[], mapping: ColumnMapping): ColumnLayout {
  const position = new Map<string, number>();
  header.forEach((name, i) => {
    const key = name.trim().toLowerCase();
    if (!position.has(key)) position.set(key, i);
  });
  const layout: ColumnLayout = { index: {}, name: {}, width: header.length };
  const missing: string[] = [];
  for (const column of COLUMNS) {
    const wanted = mapping[column] ?? column;
    const at = position.get(wanted.trim().toLowerCase());
    if (at === undefined) {
      if (REQUIRED_COLUMNS.includes(column))
        missing.push(mapping[column] ? `${column} (mapped to "${wanted}")` : column);
      continue;
    }
    layout.index[column] = at;
    layout.name[column] = header[at]?.trim() ?? wanted;
  }
  if (missing.length > 0)
    throw new ImportError(
      "BAD_HEADER",
      // The header's own cells are not quoted back: the file may be anything (through the admin
      // channel, the service's), and an error must not carry its content.
      `row 1 (the header, ${header.length} ${header.length === 1 ? "column" : "columns"}) has no column for ${missing.join(", ")}; rename with --map`,
    );
  return layout;
}
