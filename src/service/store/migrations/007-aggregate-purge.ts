import { sqlMigration } from "./_sql-migration.js";
import type { Migration } from "./_types.js";

/** The derived tables that lose their per-row foreign keys (agg_projects keeps its own). */
const PROJECT_TABLES = [
  "agg_platform_day",
  "agg_competitor_day",
  "agg_prompt_cum",
  "agg_url_cum",
  "agg_url_prompt_days",
  "agg_competitor_prompt_days",
  "agg_latest_answer",
  "agg_gap_pages_day",
] as const;

/**
 * Aggregates follow deleted projects and competitors by one statement-level trigger each instead
 * of a foreign key per row: every refresh inserts about 300,000 aggregate rows for the demo, and
 * checking each against `projects` cost 1.7 s of an 11 s refresh (docs/metrics.md,
 * "Pre-aggregates"). Nothing else writes these tables (refresh.ts deletes a project's rows before
 * filling them), so the keys only ever guarded deletion, which the triggers do in bulk.
 */
export const migration007: Migration = sqlMigration("007-aggregate-purge", [
  ...PROJECT_TABLES.map((t) => `ALTER TABLE ${t} DROP CONSTRAINT ${t}_project_id_fkey`),
  "ALTER TABLE agg_competitor_day DROP CONSTRAINT agg_competitor_day_competitor_id_fkey",
  `CREATE FUNCTION agg_purge_projects() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${PROJECT_TABLES.map((t) => `DELETE FROM ${t} WHERE project_id IN (SELECT id FROM gone);`).join("\n    ")}
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER projects_purge_aggregates AFTER DELETE ON projects
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION agg_purge_projects()`,
  `CREATE FUNCTION agg_purge_competitors() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM agg_competitor_day WHERE competitor_id IN (SELECT id FROM gone);
    DELETE FROM agg_competitor_prompt_days WHERE competitor_id IN (SELECT id FROM gone);
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER competitors_purge_aggregates AFTER DELETE ON competitors
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION agg_purge_competitors()`,
]);
