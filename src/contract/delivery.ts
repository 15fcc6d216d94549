/**
 * One report email as the delivery ledger knows it (docs/jobs.md, "Exactly-once email"), shared
 * by the job processor that claims it and the service database that stores it.
 */

/** One report email: what makes it the same email, and its deterministic Message-ID. */
export interface Delivery {
  key: string;
  project: string;
  periodStart: string;
  periodEnd: string;
  /** To and Cc, lower-cased, sorted, without repeats. */
  recipients: string[];
  formats: string[];
  messageId: string;
}

/** What a claim found. */
export type DeliveryClaim =
  /** Ours to send; `previous` says whether an earlier claim had started sending (and died). */
  | { outcome: "claimed"; previous: "none" | "failed" | "sending" }
  /** Sent already: nothing to do. */
  | { outcome: "sent"; messageId: string; sentAt: Date }
  /** A live claim of another attempt: wait for its lease, then look again. */
  | { outcome: "busy"; owner: string; leaseUntil: Date };
