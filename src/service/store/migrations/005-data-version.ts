import { sqlMigration } from "./_sql-migration.js";
import type { Migration } from "./_types.js";

/**
 * A version of each project's data, part of the API's response cache key (docs/api.md,
 * "Extensions to v1"; docs/decisions.md, "Response cache and data versions"). Every writer of a
 * project's data bumps it in the write's transaction (`store/data-version.ts`) to microseconds
 * since the epoch (or one more than before): a version a shared cache may hold is never reused.
 * New rows start at 0, so seeded data stays deterministic; the cache key adds the row's `xmin`,
 * which a re-seeded (re-inserted) project changes.
 */
export const migration005: Migration = sqlMigration("005-data-version", [
  "ALTER TABLE projects ADD COLUMN data_version bigint NOT NULL DEFAULT 0",
]);
