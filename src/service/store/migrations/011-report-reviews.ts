import { sqlMigration } from "./_sql-migration.js";
import type { Migration } from "./_types.js";

/**
 * The review state of each client's report of a cycle (docs/review.md): one row per project and
 * period (the period's file-name label, `2026-10`), with who set it, when, and why for a hold.
 * Kept beside the data so that every process sharing the database sees the same decision.
 */
export const migration011: Migration = sqlMigration("011-report-reviews", [
  `CREATE TABLE report_reviews (
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    period text NOT NULL,
    state text NOT NULL CHECK (state IN ('draft', 'approved', 'sent', 'held')),
    changed_by text NOT NULL,
    changed_at timestamptz NOT NULL DEFAULT now(),
    reason text,
    PRIMARY KEY (project_id, period))`,
]);
