/** `webhooks test`: sends a sample event with `is_test: true` to one subscription, right now. */
import type { Kysely } from "kysely";
import type { EventType } from "../../contract/index.js";
import type { Database } from "../store/schema.js";
import { webhookDb } from "./_tables.js";
import { type AttemptResult, attemptDelivery } from "./attempt.js";
import { loadClaimed } from "./deliveries.js";
import { enqueueEvent } from "./enqueue-event.js";
import { WebhookError } from "./errors.js";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry-policy.js";
import { samplePayload } from "./sample-payloads.js";
import { getSubscription } from "./subscriptions.js";
import type { TargetPolicy } from "./target.js";

/** Options of `sendTest`. */
export interface SendTestOptions {
  /** Event to sample (default: the subscription's first event). */
  event?: EventType;
  fetch?: typeof globalThis.fetch;
  /** Which targets may be called (default: `targetPolicyFrom(process.env)`). */
  targets?: TargetPolicy;
  timeoutMs?: number;
  policy?: RetryPolicy;
}

/**
 * Queues a test delivery for the subscription only and attempts it at once. A failed test is retried
 * by the dispatcher like any delivery, so it also shows up in `webhooks deliveries`.
 */
export async function sendTest(
  store: { db: Kysely<Database> },
  subscriptionId: string,
  options: SendTestOptions = {},
): Promise<AttemptResult> {
  const subscription = await getSubscription(store.db, subscriptionId);
  const event = options.event ?? (subscription.events[0] as EventType);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const deliveryId = await store.db.transaction().execute(async (trx) => {
    const outboxId = await enqueueEvent(trx, event, subscription.workspace_id, samplePayload(event), {
      isTest: true,
      fannedOut: true,
    });
    // Born claimed (attempt 1, leased) so a running dispatcher does not send it a second time meanwhile.
    const row = await webhookDb(trx)
      .insertInto("webhook_deliveries")
      .values({
        subscription_id: subscription.id,
        outbox_id: outboxId,
        event,
        attempts: 1,
        locked_until: new Date(Date.now() + timeoutMs + 30_000),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
  const [claimed] = await loadClaimed(store.db, [deliveryId]);
  // Deleting the subscription meanwhile deletes its deliveries too (ON DELETE CASCADE, migration 003).
  if (!claimed)
    throw new WebhookError(
      "NOT_FOUND",
      `test delivery ${deliveryId} vanished (subscription ${subscriptionId} deleted meanwhile?)`,
    );
  return attemptDelivery(store.db, claimed, {
    fetch: options.fetch ?? globalThis.fetch,
    ...(options.targets ? { targets: options.targets } : {}),
    timeoutMs,
    policy: options.policy ?? DEFAULT_RETRY_POLICY,
  });
}
