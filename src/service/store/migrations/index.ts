/**
 * Ordered list of migrations and the runner. To add one: create `NNN-name.ts` exporting a
 * `Migration`, append it to `MIGRATIONS`. Names must stay unique and never change once shipped.
 */
import { sql } from "kysely";
import { StoreError } from "../errors.js";
import type { AnyDb, Migration } from "./_types.js";
import { migration001 } from "./001-core.js";
import { migration002 } from "./002-daily-aggregates.js";
import { migration003 } from "./003-webhooks.js";
import { migration005 } from "./005-data-version.js";
import { migration006 } from "./006-prompt-cells-cum.js";
import { migration007 } from "./007-aggregate-purge.js";
import { migration008 } from "./008-project-notify.js";
import { migration009 } from "./009-aggregates-due.js";
import { migration010 } from "./010-report-deliveries.js";
import { migration011 } from "./011-report-reviews.js";

export type { AnyDb, Migration } from "./_types.js";

/** Every migration, in apply order. */
export const MIGRATIONS: readonly Migration[] = [
  migration001,
  migration003,
  migration002,
  migration005,
  migration006,
  migration007,
  migration008,
  migration009,
  migration010,
  migration011,
];

// Arbitrary constant: serializes concurrent starts of several replicas against one PostgreSQL server.
const MIGRATION_LOCK_ID = 7_304_212_001;

/** Applies the pending migrations (each in its own transaction); safe to call at every start. Returns the names applied. */
export async function migrate(db: AnyDb, migrations: readonly Migration[] = MIGRATIONS): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  // Every start of every process calls this: one read answers the usual "nothing to do", and only
  // what it finds pending goes through the locked check below (another process may apply it first).
  const recorded = new Set(
    (await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(db)).rows.map((r) => r.name),
  );
  const applied: string[] = [];
  for (const migration of migrations.filter((m) => !recorded.has(m.name))) {
    try {
      const done = await db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_ID)})`.execute(trx);
        const found = await sql<{
          name: string;
        }>`SELECT name FROM schema_migrations WHERE name = ${migration.name}`.execute(trx);
        if (found.rows.length > 0) return false;
        await migration.up(trx);
        await sql`INSERT INTO schema_migrations (name) VALUES (${migration.name})`.execute(trx);
        return true;
      });
      if (done) applied.push(migration.name);
    } catch (cause) {
      throw new StoreError("MIGRATION_FAILED", `migration ${migration.name} failed: ${String(cause)}`, {
        cause,
      });
    }
  }
  return applied;
}
