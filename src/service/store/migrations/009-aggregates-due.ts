import { sqlMigration } from "./_sql-migration.js";
import type { Migration } from "./_types.js";

/**
 * A project's analytics pre-aggregates are due for a refresh when this is true. Every writer of
 * the rows they derive from sets it in the rows' own transaction, and only a completed refresh
 * clears it, so a crash between the rows' commit and the refresh can no longer leave numbers that
 * disagree with the stored rows: the next read or start refreshes (docs/decisions.md, "Crash
 * consistency"). Aggregates built before this column existed may be such leftovers: every project
 * starts due, and is rebuilt once on its next read.
 */
export const migration009: Migration = sqlMigration("009-aggregates-due", [
  "ALTER TABLE projects ADD COLUMN aggregates_due boolean NOT NULL DEFAULT false",
  "UPDATE projects SET aggregates_due = true",
]);
