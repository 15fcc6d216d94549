/**
 * Delivery rows: claiming due ones under a lease, recording results, listing them. A claim counts as
 * an attempt and leases the row; a dispatcher that dies before recording leaves the lease to expire,
 * and the next claim sends again (at-least-once).
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../store/schema.js";
import { type Delivery, type DeliveryStatus, webhookDb } from "./_tables.js";
import { nextAttemptAt, type RetryPolicy } from "./retry-policy.js";

/** A claimed delivery with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  attempts: number;
  created_at: Date;
  url: string;
  secret: string;
  event: string;
  workspace_id: string;
  is_test: boolean;
  payload: Record<string, unknown>;
}

/** Claims up to `limit` due deliveries of enabled subscriptions for `leaseMs`. */
export async function claimDue(
  db: Kysely<Database>,
  limit: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  const claimed = await sql<{ id: string }>`
    UPDATE webhook_deliveries SET attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${leaseMs / 1000})
    WHERE id IN (
      SELECT d.id FROM webhook_deliveries d
      JOIN webhook_subscriptions s ON s.id = d.subscription_id
      WHERE d.status = 'pending' AND d.next_attempt_at <= now()
        AND (d.locked_until IS NULL OR d.locked_until <= now()) AND NOT s.disabled
      ORDER BY d.next_attempt_at, d.id LIMIT ${limit}
      FOR UPDATE OF d SKIP LOCKED)
    RETURNING id`.execute(db);
  const ids = claimed.rows.map((r) => r.id);
  return ids.length === 0 ? [] : loadClaimed(db, ids);
}

/** The sending context of deliveries already claimed (by `claimDue` or a test send). */
export async function loadClaimed(db: Kysely<Database>, ids: readonly string[]): Promise<ClaimedDelivery[]> {
  return webhookDb(db)
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhook_subscriptions as s", "s.id", "d.subscription_id")
    .innerJoin("event_outbox as o", "o.id", "d.outbox_id")
    .select([
      "d.id",
      "d.attempts",
      "d.created_at",
      "s.url",
      "s.secret",
      "o.event",
      "o.workspace_id",
      "o.is_test",
      "o.payload",
    ])
    .where("d.id", "in", ids)
    .orderBy("d.next_attempt_at")
    .execute();
}

/** Marks a delivery delivered. */
export async function recordSuccess(db: Kysely<Database>, id: string, httpStatus: number): Promise<void> {
  await webhookDb(db)
    .updateTable("webhook_deliveries")
    .set({
      status: "delivered",
      delivered_at: new Date(),
      locked_until: null,
      last_status: httpStatus,
      last_error: null,
    })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .execute();
}

/** Schedules a retry of a failed attempt, or dead-letters the delivery (status `failed`); returns the new status. */
export async function recordFailure(
  db: Kysely<Database>,
  delivery: Pick<ClaimedDelivery, "id" | "attempts" | "created_at">,
  failure: { httpStatus: number | null; error: string },
  policy: RetryPolicy,
  random: () => number = Math.random,
): Promise<DeliveryStatus> {
  const now = new Date();
  const retryAt = nextAttemptAt(delivery.attempts, delivery.created_at, now, policy, random);
  const common = {
    locked_until: null,
    last_status: failure.httpStatus,
    last_error: failure.error.slice(0, 1000),
  };
  await webhookDb(db)
    .updateTable("webhook_deliveries")
    .set(retryAt ? { ...common, next_attempt_at: retryAt } : { ...common, status: "failed", failed_at: now })
    .where("id", "=", delivery.id)
    .where("status", "=", "pending")
    .execute();
  return retryAt ? "pending" : "failed";
}

/** A delivery as `webhooks deliveries` lists it. */
export type DeliveryListing = Delivery & { url: string };

/** Deliveries, newest first; only dead letters with `failed`. */
export async function listDeliveries(
  db: Kysely<Database>,
  options: { failed?: boolean; limit?: number } = {},
): Promise<DeliveryListing[]> {
  let query = webhookDb(db)
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhook_subscriptions as s", "s.id", "d.subscription_id")
    .selectAll("d")
    .select("s.url")
    .orderBy("d.created_at", "desc")
    .orderBy("d.id")
    .limit(options.limit ?? 100);
  if (options.failed) query = query.where("d.status", "=", "failed");
  return query.execute();
}
