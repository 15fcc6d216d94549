import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { VreportError } from "../contract/index.js";
import type { EmailOptions } from "../email/settings.js";
import type { RenderedReport } from "../pipeline/generate-report.js";
import { type Delivery, type DeliveryLedger, reviewPeriodOf } from "./delivery-ledger.js";
import { emailReport } from "./email-report.js";

/** How one report email was delivered (or found delivered). */
export interface DeliveryOutcome {
  /** Recipients the message went to (this time or earlier). */
  recipients: string[];
  messageId: string;
  /** True when the ledger said it was sent already: nothing was sent now. */
  alreadySent: boolean;
}

/** Timing of the ledger's claims (tests shorten it). */
export interface DeliveryTiming {
  /** How long a claim lasts without renewal; renewed every third of it while sending. Default 60 000. */
  leaseMs?: number;
  /** SMTP retry timing. */
  emailRetry?: { attempts?: number; retryDelayMs?: number };
}

/** Raised while another live attempt holds the delivery: the job is retried later. */
export class DeliveryBusyError extends VreportError {
  constructor(owner: string, leaseUntil: Date) {
    super(`the email is being sent by ${owner} (claim until ${leaseUntil.toISOString()}); retrying later`);
  }
}

export const DEFAULT_LEASE_MS = 60_000;
// Attempts a `sent` record gets: SMTP has accepted, so losing this write is what makes a duplicate.
const RECORD_TRIES = 5;

/**
 * Sends a rendered report exactly once per delivery (docs/jobs.md, "Exactly-once email"): claims
 * it in the ledger, sends with its deterministic Message-ID while renewing the claim, then records
 * `sent`. A delivery found sent is not sent again; one held by a live claim is waited for (up to
 * two leases), then left to a retry of the job.
 */
export async function deliverOnce(
  ledger: DeliveryLedger,
  rendered: RenderedReport,
  email: EmailOptions,
  delivery: Delivery,
  timing: DeliveryTiming = {},
): Promise<DeliveryOutcome> {
  const leaseMs = timing.leaseMs ?? DEFAULT_LEASE_MS;
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const waitUntil = Date.now() + 2 * leaseMs;
  for (;;) {
    const claim = await ledger.claim(delivery, owner, leaseMs);
    if (claim.outcome === "sent")
      return { recipients: delivery.recipients, messageId: claim.messageId, alreadySent: true };
    if (claim.outcome === "claimed") break;
    if (Date.now() >= waitUntil) throw new DeliveryBusyError(claim.owner, claim.leaseUntil);
    // The database's clock set the lease; this one only decides when to look again.
    await sleep(Math.min(1_000, Math.max(100, claim.leaseUntil.getTime() - Date.now())));
  }
  const renewal = setInterval(
    () => void ledger.renew(delivery.key, owner, leaseMs).catch(() => {}),
    Math.max(100, Math.floor(leaseMs / 3)),
  );
  let messageId: string;
  try {
    messageId = (await emailReport(rendered, email, timing.emailRetry ?? {}, delivery.messageId)).messageId;
  } catch (err) {
    clearInterval(renewal);
    // Refused by SMTP: nothing was delivered, so a later attempt may claim it again.
    await ledger
      .failed(delivery.key, owner, err instanceof Error ? err.message : String(err))
      .catch(() => {});
    throw err;
  }
  clearInterval(renewal);
  await recordSent(ledger, delivery.key, owner, messageId, reviewPeriodOf(rendered));
  return { recipients: delivery.recipients, messageId, alreadySent: false };
}

/**
 * Records `sent` (and the report's review `sent`, docs/review.md), retrying a failing database a
 * few times before giving up (the claim then expires).
 */
async function recordSent(
  ledger: DeliveryLedger,
  key: string,
  owner: string,
  messageId: string,
  period: string,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await ledger.sent(key, owner, messageId, period);
      return;
    } catch (err) {
      if (attempt >= RECORD_TRIES) throw err;
      await sleep(200 * 2 ** (attempt - 1));
    }
  }
}
