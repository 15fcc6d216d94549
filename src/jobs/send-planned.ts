import type { Project } from "../contract/index.js";
import type { EmailOptions } from "../email/settings.js";
import type { RenderedReport } from "../pipeline/generate-report.js";
import { emailOf, type RunPlan } from "../pipeline/run-plan.js";
import { type DeliveryOutcome, type DeliveryTiming, deliverOnce } from "./deliver-once.js";
import { type DeliveryLedger, deliveryOf } from "./delivery-ledger.js";
import { emailReport } from "./email-report.js";
import { HeldForReviewError } from "./errors.js";

/** Whether a report may be emailed; when not, why, and whether it is because it was sent already. */
export type SendVerdict = { send: true } | { send: false; reason: string; sentAlready?: boolean };

/** How a run sends its written reports: the same rules for `generate`, the worker and the desk. */
export interface SendPolicy {
  /**
   * Where each email is claimed before SMTP and recorded after (docs/jobs.md, "Exactly-once
   * email"); without one the email is sent unrecorded (`generate` beside a remote service
   * without a database, which says so).
   */
  deliveries?: DeliveryLedger;
  /**
   * The review gate (docs/review.md), asked after rendering and before the delivery is claimed:
   * a refusal ends with `HeldForReviewError` and nothing is sent. Without one every report may go.
   */
  review?: (project: Project, rendered: RenderedReport) => Promise<SendVerdict>;
  /** Claim and SMTP retry timing (tests shorten it). */
  timing?: DeliveryTiming;
}

/**
 * Sends one client's written report as its plan says (pipeline/run-plan.ts): nothing when the run
 * sends no email, else to the plan's recipients (a client nobody is to receive throws its
 * `NoRecipientsError` here, once its files are written), through the review gate and the ledger
 * when the policy has them. The one send path of the batch, the worker and the desk.
 */
export async function sendPlanned(
  plan: RunPlan<EmailOptions>,
  rendered: RenderedReport,
  policy: SendPolicy = {},
): Promise<DeliveryOutcome | undefined> {
  const email = emailOf(plan);
  if (email === undefined) return undefined;
  const { job } = plan;
  if (policy.review) {
    const verdict = await policy.review(job.project, rendered);
    if (!verdict.send) throw new HeldForReviewError(verdict.reason, verdict.sentAlready === true);
  }
  if (!policy.deliveries) {
    const sent = await emailReport(rendered, email, policy.timing?.emailRetry ?? {});
    return { recipients: sent.accepted, messageId: sent.messageId, alreadySent: false };
  }
  const delivery = deliveryOf({
    project: job.project.id,
    periodStart: rendered.cover.periodStart,
    periodEnd: rendered.cover.periodEnd,
    to: email.to,
    cc: email.cc,
    formats: job.formats,
    from: email.from,
  });
  const outcome = await deliverOnce(policy.deliveries, rendered, email, delivery, policy.timing);
  // Named as the message addresses them, To before Cc: the ledger's list is sorted for its key.
  return { ...outcome, recipients: [...new Set([...email.to, ...(email.cc ?? [])])] };
}
