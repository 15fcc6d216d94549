import { sqlMigration } from "./_sql-migration.js";
import type { Migration } from "./_types.js";

/**
 * The delivery ledger (docs/jobs.md, "Exactly-once email"): one row per report email, keyed by a
 * hash of what makes it the same email (project, period, recipients, formats). A worker claims the
 * row (`sending`, with its own name and a lease it renews) before it talks to SMTP and records
 * `sent` with the message id after, so a retried or resumed job finds `sent` and sends nothing,
 * and a claim held by a live worker is not sent by another. No foreign key to `projects`: a worker
 * that reads a remote service keeps its ledger in a database that may not hold the projects.
 */
export const migration010: Migration = sqlMigration("010-report-deliveries", [
  `CREATE TABLE report_deliveries (
    delivery_key text PRIMARY KEY,
    project_id text NOT NULL,
    period_start date NOT NULL,
    period_end date NOT NULL,
    recipients text[] NOT NULL,
    formats text[] NOT NULL,
    state text NOT NULL CHECK (state IN ('sending', 'sent', 'failed')),
    owner text NOT NULL,
    lease_until timestamptz NOT NULL,
    message_id text NOT NULL,
    claims integer NOT NULL DEFAULT 1,
    error text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    sent_at timestamptz)`,
  "CREATE INDEX report_deliveries_project ON report_deliveries (project_id, period_start, period_end)",
]);
