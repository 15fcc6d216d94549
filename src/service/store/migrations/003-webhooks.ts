import { sqlMigration } from "./_sql-migration.js";
import type { Migration } from "./_types.js";

/**
 * Webhook subscriptions and their deliveries. `event_outbox` (001) holds one row per event; the
 * dispatcher fans each one out into one `webhook_deliveries` row per matching subscription and sets
 * `event_outbox.delivered_at` (meaning "fanned out") in the same transaction, so nothing is lost.
 * Secrets are stored in clear: signing needs the secret itself, a hash would be useless.
 */
const statements = [
  `CREATE TABLE webhook_subscriptions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    url text NOT NULL,
    events text[] NOT NULL,
    secret text NOT NULL,
    disabled boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now())`,
  `CREATE INDEX webhook_subscriptions_workspace ON webhook_subscriptions (workspace_id)`,
  `CREATE TABLE webhook_deliveries (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    subscription_id uuid NOT NULL REFERENCES webhook_subscriptions(id) ON DELETE CASCADE,
    outbox_id uuid NOT NULL REFERENCES event_outbox(id) ON DELETE CASCADE,
    event text NOT NULL,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    locked_until timestamptz,
    last_status integer,
    last_error text,
    created_at timestamptz NOT NULL DEFAULT now(),
    delivered_at timestamptz,
    failed_at timestamptz,
    UNIQUE (outbox_id, subscription_id))`,
  // The dispatcher only scans what is still due.
  `CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`,
  `CREATE INDEX webhook_deliveries_failed ON webhook_deliveries (failed_at DESC) WHERE status = 'failed'`,
];

export const migration003: Migration = sqlMigration("003-webhooks", statements);
