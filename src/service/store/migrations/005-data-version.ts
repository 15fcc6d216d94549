import { sqlMigration } from "./_sql-migration.js";
import type { Migration } from "./_types.js";

/**
 * A version of each project's data, part of the API's response cache key (docs/api.md,
 * "Extensions to v1": cached reads). Every writer of a project's data bumps it in the write's
 * transaction (`bumpDataVersion`). Versions are microseconds since the epoch (and strictly
 * increasing per project), so a database recreated with the same project ids never reuses a
 * version a shared cache may still hold.
 */
export const migration005: Migration = sqlMigration("005-data-version", [
  `ALTER TABLE projects ADD COLUMN data_version bigint NOT NULL
    DEFAULT (floor(extract(epoch from clock_timestamp()) * 1000000))::bigint`,
]);
