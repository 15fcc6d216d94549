/**
 * Review states of a client's report of a cycle (docs/review.md), shared by the service that
 * stores them, the CLI that changes them and the review desk that shows them.
 */

/** draft → approved → sent, or held (with a reason); sent is final. */
export const REVIEW_STATES = ["draft", "approved", "sent", "held"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** Per client in the config: whether its report waits for an approval before it is emailed. */
export const REVIEW_POLICIES = ["required", "skip"] as const;
export type ReviewPolicy = (typeof REVIEW_POLICIES)[number];

/** One report's review as it travels (JSON): the project, the period's label, who set the state when. */
export interface ReviewRecord {
  projectId: string;
  projectName: string;
  /** The period's file-name label: `2026-10`, `2026-Q3`, `2026-10-01_2026-10-12`. */
  period: string;
  state: ReviewState;
  by: string;
  /** ISO date-time. */
  at: string;
  /** Why it is held. */
  reason?: string;
}

/** Whether a report may be emailed: approved, or its client skips review and it is neither held nor sent. */
export function maySend(review: Pick<ReviewRecord, "state"> | undefined, policy: ReviewPolicy): boolean {
  if (policy === "skip") return review?.state !== "sent" && review?.state !== "held";
  return review?.state === "approved";
}
