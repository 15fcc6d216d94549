/**
 * Kysely types of the webhook tables (migration 003). Kept here rather than in store/schema.ts so
 * this module owns its schema; `WebhookDb` is the store's database plus these tables.
 */
import type { ColumnType, Generated, Kysely, Selectable } from "kysely";
import type { CreatedAt, Database, NullableTimestamp } from "../store/schema.js";

export interface WebhookSubscriptionsTable {
  id: Generated<string>;
  workspace_id: string;
  url: string;
  events: string[];
  /** In clear: signing needs the secret itself. */
  secret: string;
  disabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

/** Delivery states: pending (due or retrying), delivered, failed (dead letter). */
export type DeliveryStatus = "pending" | "delivered" | "failed";

export interface WebhookDeliveriesTable {
  id: Generated<string>;
  subscription_id: string;
  outbox_id: string;
  event: string;
  status: ColumnType<DeliveryStatus, DeliveryStatus | undefined, DeliveryStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: CreatedAt;
  /** Lease of the dispatcher that claimed it; expired leases are claimed again (crash recovery). */
  locked_until: NullableTimestamp;
  last_status: number | null;
  last_error: string | null;
  created_at: CreatedAt;
  delivered_at: NullableTimestamp;
  failed_at: NullableTimestamp;
}

/** The store's tables plus the webhook tables. */
export interface WebhookDatabase extends Database {
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export type WebhookDb = Kysely<WebhookDatabase>;
export type Subscription = Selectable<WebhookSubscriptionsTable>;
export type Delivery = Selectable<WebhookDeliveriesTable>;

/** The store's Kysely instance, seen with the webhook tables. */
export function webhookDb(db: Kysely<Database>): WebhookDb {
  return db as unknown as WebhookDb;
}
