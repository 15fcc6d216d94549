import { sqlMigration } from "./_sql-migration.js";
import type { Migration } from "./_types.js";

/**
 * Per-prompt pre-aggregates behind the intervals and significance of every rate
 * (docs/metrics.md, "Intervals and significance"): prompts are the clusters, so each rate needs
 * its numerator and denominator per prompt and period, per platform and per competitor. Dense
 * running totals like `agg_prompt_cum` (migration 002): a period sum is C(end) − C(start − 1),
 * three row reads per key whatever the range.
 */
const statements = [
  `CREATE TABLE agg_prompt_platform_cum (
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    day date NOT NULL, prompt_id uuid NOT NULL, platform text NOT NULL,
    snapshots integer NOT NULL, mentioned integer NOT NULL, cited integer NOT NULL,
    competitor_mentions integer NOT NULL,
    PRIMARY KEY (project_id, day, prompt_id, platform))`,
  `CREATE TABLE agg_prompt_competitor_cum (
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    day date NOT NULL, prompt_id uuid NOT NULL,
    competitor_id uuid NOT NULL REFERENCES competitors(id) ON DELETE CASCADE,
    mentioned integer NOT NULL, cited integer NOT NULL,
    PRIMARY KEY (project_id, day, prompt_id, competitor_id))`,
  // Projects aggregated before these tables existed are refreshed on their next analytics request.
  `DELETE FROM agg_projects`,
];

export const migration004: Migration = sqlMigration("004-prompt-cells", statements);
