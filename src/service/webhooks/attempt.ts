/** One delivery attempt: sign, POST with a timeout, then record the result (in that order: at-least-once). */
import type { Kysely } from "kysely";
import type { Database } from "../store/schema.js";
import type { DeliveryStatus } from "./_tables.js";
import { type ClaimedDelivery, recordFailure, recordSuccess } from "./deliveries.js";
import { buildRequest } from "./envelope.js";
import { WebhookError } from "./errors.js";
import type { RetryPolicy } from "./retry-policy.js";
import { checkTargetAddress, type Lookup, type TargetPolicy, targetPolicyFrom } from "./target.js";

/** What an attempt needs besides the delivery. */
export interface AttemptOptions {
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  policy: RetryPolicy;
  random?: () => number;
  /** Which targets may be called (private networks refused by default, checked after DNS resolution). */
  targets?: TargetPolicy;
  /** Name resolution for that check (tests point a name at a private address). */
  lookup?: Lookup;
  /** Runs after a successful POST, before it is recorded; a throw here is a crash in that window. */
  afterSend?: (delivery: ClaimedDelivery) => void | Promise<void>;
}

/** The outcome of an attempt. */
export interface AttemptResult {
  deliveryId: string;
  ok: boolean;
  httpStatus: number | null;
  error: string | null;
  /** The delivery's status after recording: delivered, pending (retry scheduled) or failed (dead letter). */
  status: DeliveryStatus;
}

/** Sends one claimed delivery and records the outcome. */
export async function attemptDelivery(
  db: Kysely<Database>,
  delivery: ClaimedDelivery,
  options: AttemptOptions,
): Promise<AttemptResult> {
  const { body, headers } = buildRequest(delivery);
  let httpStatus: number | null = null;
  let error: string | null = null;
  try {
    await checkTargetAddress(new URL(delivery.url), options.targets ?? targetPolicyFrom(), options.lookup);
    const response = await options.fetch(delivery.url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    httpStatus = response.status;
    await discardBody(response);
    if (httpStatus < 200 || httpStatus >= 300) error = `HTTP ${httpStatus}`;
  } catch (cause) {
    const e = cause as Error;
    error =
      e instanceof WebhookError
        ? `not sent: ${e.message}`
        : e.name === "TimeoutError"
          ? `timed out after ${options.timeoutMs} ms`
          : describe(e);
  }
  if (error === null) {
    await options.afterSend?.(delivery);
    await recordSuccess(db, delivery.id, httpStatus as number);
    return { deliveryId: delivery.id, ok: true, httpStatus, error, status: "delivered" };
  }
  const status = await recordFailure(db, delivery, { httpStatus, error }, options.policy, options.random);
  return { deliveryId: delivery.id, ok: false, httpStatus, error, status };
}

/** The most of a receiver's answer that is read: its content does not matter, only its status. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * Reads a receiver's body up to MAX_RESPONSE_BYTES, so a short answer releases the connection
 * for reuse, then cancels the rest, which drops the connection: a receiver answering with an
 * endless body cannot make the sender buffer it (docs/webhooks.md).
 */
async function discardBody(response: Response): Promise<void> {
  const reader = response.body?.getReader();
  if (!reader) return;
  try {
    for (let read = 0; read <= MAX_RESPONSE_BYTES; ) {
      const chunk = await reader.read();
      if (chunk.done) return;
      read += chunk.value.byteLength;
    }
    await reader.cancel();
  } catch {
    // A receiver that breaks the connection mid-body still answered with its status.
  }
}

function describe(error: Error): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code
    ? `${error.message} (${cause.code})`
    : cause?.message
      ? `${error.message}: ${cause.message}`
      : error.message;
}
