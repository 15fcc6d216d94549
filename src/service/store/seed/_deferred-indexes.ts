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
