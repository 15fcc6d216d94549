/**
 * Compare-then-write upserts of many rows of one table in a handful of statements: the stored rows
 * are read in one SELECT, compared column by column as `upsertById` does (so an identical row
 * writes nothing), the new ones inserted and the changed ones updated by multi-row
 * `INSERT … ON CONFLICT (id) DO UPDATE`. What an import of thousands of rows needs
 * (docs/import.md, "How it runs, and memory"): a statement per batch, not per row.
 */
import { type Kysely, sql } from "kysely";
import { InvariantError } from "../../../contract/index.js";
import type { Database } from "../../store/schema.js";
import { type Row, sameColumns } from "./_upsert.js";

/** What happened to each row, by id. */
export type UpsertOutcomes = Map<string, "inserted" | "updated" | "unchanged">;

// Dynamic table names: the writers build rows that match schema.ts; the database checks the rest.
type LooseDb = Kysely<Record<string, Row>>;

/**
 * Bind parameters per statement: PostgreSQL's wire protocol allows 65,535; half of it leaves room
 * and keeps a statement's text small.
 */
const MAX_PARAMETERS = 30_000;

/** `items` cut into runs of at most `MAX_PARAMETERS / perItem` (at least one). */
export function chunked<T>(items: readonly T[], perItem: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, perItem)));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Upserts `rows` (distinct ids; each sets the same columns) into `table`. With `touch`, an updated
 * row without an explicit `updated_at` gets now, as `upsertById` does. Stored rows are locked
 * (`FOR UPDATE`) until the transaction ends.
 */
export async function upsertManyById(
  db: Kysely<Database>,
  table: keyof Database,
  rows: readonly Row[],
  options: { touch?: boolean } = {},
): Promise<UpsertOutcomes> {
  const outcomes: UpsertOutcomes = new Map();
  if (rows.length === 0) return outcomes;
  const loose = db as unknown as LooseDb;
  const stored = new Map<unknown, Row>();
  for (const ids of chunked(
    rows.map((r) => r.id),
    1,
  )) {
    const found = await loose.selectFrom(table).selectAll().where("id", "in", ids).forUpdate().execute();
    for (const row of found) stored.set(row.id, row);
  }
  const fresh: Row[] = [];
  const changed: Row[] = [];
  for (const row of rows) {
    const before = stored.get(row.id);
    const outcome = !before ? "inserted" : sameColumns(before, row) ? "unchanged" : "updated";
    outcomes.set(String(row.id), outcome);
    if (outcome === "inserted") fresh.push(row);
    else if (outcome === "updated")
      changed.push(options.touch && row.updated_at === undefined ? { ...row, updated_at: new Date() } : row);
  }
  await insertRows(db, table, fresh);
  await updateRows(loose, table, changed);
  return outcomes;
}

/** Multi-row INSERTs of `rows`. */
export async function insertRows(
  db: Kysely<Database>,
  table: keyof Database,
  rows: readonly Row[],
): Promise<void> {
  if (rows.length === 0) return;
  const loose = db as unknown as LooseDb;
  for (const chunk of chunked(rows, columnsOf(rows).length))
    await loose.insertInto(table).values(chunk).execute();
}

/**
 * Multi-row updates of existing rows: `INSERT … ON CONFLICT (id) DO UPDATE` setting every column
 * the rows give (the others stay), so a column left out is not reset to its default.
 */
async function updateRows(db: LooseDb, table: string, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = columnsOf(rows).filter((c) => c !== "id");
  const set = Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)]));
  for (const chunk of chunked(rows, columns.length + 1))
    await db
      .insertInto(table)
      .values(chunk)
      .onConflict((oc) => oc.column("id").doUpdateSet(set))
      .execute();
}

/** The columns of `rows`, which must all give the same ones (a caller's bug otherwise). */
function columnsOf(rows: readonly Row[]): string[] {
  const given = (row: Row) =>
    Object.keys(row)
      .filter((k) => row[k] !== undefined)
      .sort();
  const columns = given(rows[0] as Row);
  const key = columns.join(",");
  if (rows.some((row) => given(row).join(",") !== key))
    throw new InvariantError(`batched rows set different columns (${key} and others)`);
  return columns;
}
