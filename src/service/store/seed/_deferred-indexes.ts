/**
 * Bulk loads are several times faster without indexes and foreign-key triggers: the seed drops them
 * on the fact tables, loads, then recreates them (one sort per index, one validating join per foreign
 * key). Definitions are read from the catalog, so indexes added by later migrations are handled too.
 * Runs inside the seed's transaction: a failure restores everything.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.js";

/** Statements that recreate what was dropped, in order. */
export type DeferredRestore = readonly string[];

interface Definition {
  table: string;
  name: string;
  def: string;
}

/**
 * Whether loading about `rows` rows into `table` is faster with its indexes dropped and rebuilt:
 * only when the load outweighs what the table holds. A rebuild sorts every row already there, so
 * adding a small workspace to a database holding the full demo (about 290,000 answers) took
 * seconds of index builds for a load that inserts in a fraction of that with its indexes in place.
 * Counts at most `rows` rows, so the check costs no more than the load.
 */
export async function outweighs(db: Kysely<Database>, table: string, rows: number): Promise<boolean> {
  const { rows: found } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (SELECT 1 FROM ${sql.table(table)} LIMIT ${Math.ceil(rows)}) t`.execute(
    db,
  );
  return (found[0]?.n ?? 0) < rows;
}

/** Drops primary keys, secondary indexes and foreign keys of `tables`; returns how to restore them. */
export async function dropForBulkLoad(
  db: Kysely<Database>,
  tables: readonly string[],
): Promise<DeferredRestore> {
  const constraints = await sql<Definition & { type: string }>`
    SELECT conrelid::regclass::text AS table, conname AS name, contype AS type, pg_get_constraintdef(oid) AS def
    FROM pg_constraint
    WHERE conrelid = ANY(${sql.raw(`ARRAY[${tables.map((t) => `'${t}'::regclass`).join(", ")}]`)})
      AND contype IN ('f', 'p')
    ORDER BY conname`.execute(db);
  const indexes = await sql<Definition>`
    SELECT x.indrelid::regclass::text AS table, i.relname AS name, pg_get_indexdef(i.oid) AS def
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
    WHERE x.indrelid = ANY(${sql.raw(`ARRAY[${tables.map((t) => `'${t}'::regclass`).join(", ")}]`)})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)
    ORDER BY i.relname`.execute(db);
  const foreign = constraints.rows.filter((c) => c.type === "f");
  const primary = constraints.rows.filter((c) => c.type === "p");
  // Foreign keys first: they depend on the primary keys they reference.
  for (const c of [...foreign, ...primary]) {
    await sql`ALTER TABLE ${sql.table(c.table)} DROP CONSTRAINT ${sql.id(c.name)}`.execute(db);
  }
  for (const index of indexes.rows) await sql`DROP INDEX ${sql.id(index.name)}`.execute(db);
  const addConstraint = (c: Definition): string =>
    `ALTER TABLE ${c.table} ADD CONSTRAINT "${c.name}" ${c.def}`;
  return [...primary.map(addConstraint), ...indexes.rows.map((i) => i.def), ...foreign.map(addConstraint)];
}

/** Recreates what dropForBulkLoad removed. */
export async function restoreAfterBulkLoad(db: Kysely<Database>, restore: DeferredRestore): Promise<void> {
  // Index builds sort in memory when they can; the default (64 MB) spills to disk at scale 1.
  await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(db);
  for (const statement of restore) await sql.raw(statement).execute(db);
}
