/**
 * Compare-then-write upsert by id: the stored row is read first and only the columns the record sets
 * are compared, so re-ingesting an identical record writes nothing (no updated_at bump, no event).
 */
import type { Kysely } from "kysely";
import type { Database } from "../../store/schema.js";

/** A row as written: column name → value. */
export type Row = Record<string, unknown>;

/** What an upsert did, with the row before (undefined when new) and after. */
export interface UpsertResult {
  outcome: "inserted" | "updated" | "unchanged";
  before: Row | undefined;
  after: Row;
}

// Dynamic table names: the writers build rows that match schema.ts; the database checks the rest.
type LooseDb = Kysely<Record<string, Row>>;

/**
 * Inserts `row` or updates the row with its id when any given column differs. With `touch`, an
 * update without an explicit `updated_at` sets it to now (the table must have the column).
 */
export async function upsertById(
  db: Kysely<Database>,
  table: keyof Database,
  row: Row,
  options: { touch?: boolean } = {},
): Promise<UpsertResult> {
  const loose = db as unknown as LooseDb;
  const before = await loose
    .selectFrom(table)
    .selectAll()
    .where("id", "=", row.id)
    .forUpdate()
    .executeTakeFirst();
  if (!before) {
    const after = await loose.insertInto(table).values(row).returningAll().executeTakeFirstOrThrow();
    return { outcome: "inserted", before: undefined, after };
  }
  if (sameColumns(before, row)) return { outcome: "unchanged", before, after: before };
  const set: Row = { ...row };
  delete set.id;
  if (options.touch && row.updated_at === undefined) set.updated_at = new Date();
  const after = await loose
    .updateTable(table)
    .set(set)
    .where("id", "=", row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { outcome: "updated", before, after };
}

/** Whether every column of `row` (undefined = not given) equals the stored value. */
export function sameColumns(stored: Row, row: Row): boolean {
  return Object.entries(row).every(
    ([column, value]) => value === undefined || sameValue(stored[column], value),
  );
}

/** Value equality across driver types: Date vs ISO string, arrays, jsonb objects with any key order. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return (a ?? null) === (b ?? null);
  if (a instanceof Date || b instanceof Date) return toTime(a) === toTime(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameValue(item, b[i]));
  }
  if (typeof a === "object" && typeof b === "object") return canonical(a) === canonical(b);
  return false;
}

function toTime(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  return typeof value === "string" ? Date.parse(value) : Number.NaN;
}

/** JSON with sorted keys: jsonb does not keep the key order it was given. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Row).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : v,
  );
}
