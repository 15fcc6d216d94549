import { sqlMigration } from "./_sql-migration.js";
import type { Migration } from "./_types.js";

/**
 * Every statement that changes `projects` (a data version bumped by a writer, a rename, a re-seed,
 * a deletion) notifies channel `vreport_projects` at commit, so each service process on a
 * PostgreSQL server can keep project rows in memory until one changes, whichever process changed
 * it (docs/decisions.md, "Response cache and data versions";
 * store/drivers/postgres/write-epoch.ts). The notification carries nothing: a listener re-reads
 * what it needs.
 */
export const migration008: Migration = sqlMigration("008-project-notify", [
  `CREATE FUNCTION notify_projects_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('vreport_projects', '');
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER projects_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON projects
    FOR EACH STATEMENT EXECUTE FUNCTION notify_projects_changed()`,
]);
