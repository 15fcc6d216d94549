import { createHash } from "node:crypto";
import { basename } from "node:path";
import type { Delivery, DeliveryClaim } from "../contract/delivery.js";
import type { RenderedReport } from "../pipeline/generate-report.js";

export type { Delivery, DeliveryClaim };

/**
 * The delivery ledger as the job processor sees it (docs/jobs.md, "Exactly-once email"): a claim
 * before SMTP, the outcome after. The CLI hands a processor one built over the service's database
 * (`service/deliveries/`); `jobs/` never imports `service/` (docs/architecture.md).
 */
export interface DeliveryLedger {
  /** Claims the delivery for `owner` until the lease runs out, unless it is sent or held by a live claim. */
  claim(delivery: Delivery, owner: string, leaseMs: number): Promise<DeliveryClaim>;
  /** Extends the owner's lease; false when the claim is no longer the owner's. */
  renew(key: string, owner: string, leaseMs: number): Promise<boolean>;
  /**
   * Records that SMTP accepted the message and, in the same write, that the report of `period`
   * (its file-name label, `reviewPeriodOf`) is `sent` in its review (docs/review.md).
   */
  sent(key: string, owner: string, messageId: string, period: string): Promise<void>;
  /** Records that SMTP refused it (nothing was delivered): a later attempt may claim it again. */
  failed(key: string, owner: string, error: string): Promise<void>;
}

/**
 * The delivery of a report: the same project, period, recipients and formats give the same key
 * and the same Message-ID, whichever worker, attempt or job sends it, so a message sent again
 * after a crash in the residual window is recognisably the same message (docs/jobs.md).
 */
export function deliveryOf(input: {
  project: string;
  periodStart: string;
  periodEnd: string;
  to: readonly string[];
  cc?: readonly string[] | undefined;
  formats: readonly string[];
  from: string;
}): Delivery {
  const recipients = [
    ...new Set([...input.to, ...(input.cc ?? [])].map((a) => a.trim().toLowerCase())),
  ].sort();
  const formats = [...new Set(input.formats)].sort();
  const key = createHash("sha256")
    .update(JSON.stringify([input.project, input.periodStart, input.periodEnd, recipients, formats]))
    .digest("hex")
    .slice(0, 40);
  return {
    key,
    project: input.project,
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    recipients,
    formats,
    messageId: `<report-${key}@${senderDomain(input.from)}>`,
  };
}

/** The domain of the sender's address (`Agency <reports@agency.example>`), for the Message-ID's right side. */
function senderDomain(from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1];
  return domain && domain.length > 0 ? domain.toLowerCase() : "vreport.invalid";
}

/**
 * The period label of a rendered report, as its file name carries it and its review is keyed
 * (`brightwave-ai-visibility-2026-10.pdf` → `2026-10`; a rolling range `30d-2026-12-04`).
 */
export function reviewPeriodOf(rendered: Pick<RenderedReport, "files">): string {
  const name = basename(rendered.files[0]?.path ?? "").replace(/\.[^.]+$/, "");
  return name.slice(name.lastIndexOf(REPORT_NAME) + REPORT_NAME.length);
}

/** What separates a report file's project slug from its period (render/build-view.ts). */
const REPORT_NAME = "-ai-visibility-";
