import { sqlMigration } from "./_sql-migration.js";
import type { Migration } from "./_types.js";

/**
 * Per-prompt counts by platform and by competitor, and the prompts' gap answers, as running
 * totals beside the prompt's own (docs/metrics.md, "Per-prompt counts" and "Opportunities"): the
 * clusters of every interval and the report's gap rows become a few row reads per prompt instead
 * of a grouping of the period's answers. The arrays follow the order of `agg_projects.platforms`
 * and `agg_projects.competitor_ids`, fixed at each refresh; `agg_gap_pages_day` holds the
 * competitor pages cited by gap answers, per prompt and day. Existing aggregates lack all this,
 * so every project is marked unrefreshed and rebuilt on its next read.
 */
export const migration006: Migration = sqlMigration("006-prompt-cells-cum", [
  `ALTER TABLE agg_projects
    ADD COLUMN platforms text[] NOT NULL DEFAULT '{}',
    ADD COLUMN competitor_ids uuid[] NOT NULL DEFAULT '{}'`,
  `ALTER TABLE agg_prompt_cum
    ADD COLUMN platform_snapshots integer[] NOT NULL DEFAULT '{}',
    ADD COLUMN platform_mentioned integer[] NOT NULL DEFAULT '{}',
    ADD COLUMN platform_cited integer[] NOT NULL DEFAULT '{}',
    ADD COLUMN platform_competitor_mentions integer[] NOT NULL DEFAULT '{}',
    ADD COLUMN platform_gaps integer[] NOT NULL DEFAULT '{}',
    ADD COLUMN competitor_mentioned integer[] NOT NULL DEFAULT '{}',
    ADD COLUMN competitor_cited integer[] NOT NULL DEFAULT '{}',
    ADD COLUMN competitor_gaps integer[] NOT NULL DEFAULT '{}',
    ADD COLUMN last_gap text`,
  `CREATE TABLE agg_gap_pages_day (
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    day date NOT NULL, prompt_id uuid NOT NULL, url_id uuid NOT NULL,
    answers integer NOT NULL,
    PRIMARY KEY (project_id, day, prompt_id, url_id))`,
  "DELETE FROM agg_projects",
]);
