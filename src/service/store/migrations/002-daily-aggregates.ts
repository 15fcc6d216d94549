import { sqlMigration } from "./_sql-migration.js";
import type { Migration } from "./_types.js";

/**
 * Pre-aggregates for the analytics endpoints (docs/metrics.md), so a report costs the same for
 * 7d and 90d and does not grow with the raw answer count:
 * - small daily tables (per project/day/platform, per competitor) summed over the period;
 * - dense cumulative tables (per prompt, per URL) where a period sum is C(end) − C(start − 1),
 *   i.e. two row reads per key whatever the range;
 * - day bitmaps (bit i = cited/mentioned on base_day + i) per URL×prompt and competitor×prompt,
 *   for distinct-prompt counts over any window.
 * All rows are derived from answers/citations by `refreshAggregates` and cascade with the project.
 */
const statements = [
  `CREATE TABLE agg_projects (
    project_id uuid PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
    base_day date, max_day date,
    refreshed_at timestamptz NOT NULL DEFAULT now())`,
  `CREATE TABLE agg_platform_day (
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    day date NOT NULL, platform text NOT NULL,
    snapshots integer NOT NULL, mentioned integer NOT NULL, cited integer NOT NULL,
    competitor_mentions integer NOT NULL,
    PRIMARY KEY (project_id, day, platform))`,
  `CREATE TABLE agg_competitor_day (
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    competitor_id uuid NOT NULL REFERENCES competitors(id) ON DELETE CASCADE,
    day date NOT NULL, platform text NOT NULL,
    mentioned integer NOT NULL, cited integer NOT NULL,
    PRIMARY KEY (project_id, day, platform, competitor_id))`,
  `CREATE TABLE agg_prompt_cum (
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    day date NOT NULL, prompt_id uuid NOT NULL,
    snapshots integer NOT NULL, mentioned integer NOT NULL, cited integer NOT NULL,
    last_collected_at timestamptz,
    PRIMARY KEY (project_id, day, prompt_id))`,
  `CREATE TABLE agg_url_cum (
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    day date NOT NULL, url_id uuid NOT NULL,
    citations integer NOT NULL,
    PRIMARY KEY (project_id, day, url_id))`,
  `CREATE TABLE agg_url_prompt_days (
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    url_id uuid NOT NULL, prompt_id uuid NOT NULL, days bit varying NOT NULL,
    PRIMARY KEY (project_id, url_id, prompt_id))`,
  `CREATE TABLE agg_competitor_prompt_days (
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    competitor_id uuid NOT NULL, prompt_id uuid NOT NULL, days bit varying NOT NULL,
    PRIMARY KEY (project_id, competitor_id, prompt_id))`,
  // The latest answer of each prompt × platform (the report's answers section when as-of is today).
  `CREATE TABLE agg_latest_answer (
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    prompt_id uuid NOT NULL, platform text NOT NULL,
    answer_id uuid NOT NULL, day date NOT NULL,
    PRIMARY KEY (project_id, prompt_id, platform))`,
  // Latest answer per prompt and platform (report answers section) without scanning the period.
  `CREATE INDEX answers_prompt_platform_collected ON answers (prompt_id, platform, collected_at DESC)`,
];

export const migration002: Migration = sqlMigration("002-daily-aggregates", statements);
