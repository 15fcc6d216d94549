/**
 * Review states of the clients' reports (docs/review.md): each client's report of a cycle (a
 * project and a period label such as `2026-10`) is draft, approved, sent or held, with who set
 * the state, when, and the reason of a hold. Stored in `report_reviews` (migration 011); read
 * and written by the CLI here or, while `serve` holds a PGlite directory, over its admin channel.
 */
import { sql } from "kysely";
import { type ErrorCategory, VreportError } from "../../contract/index.js";
import type { ReviewRecord, ReviewState } from "../../contract/review.js";
import type { Store } from "../store/db.js";

/** One report's review as stored: the project, the period's label, its state and who set it when. */
export type Review = ReviewRecord;

/** A change of state that the rules of docs/review.md refuse (a sent report is never re-approved). */
export class ReviewError extends VreportError {
  constructor(
    readonly code: "NOT_ALLOWED" | "NO_REASON",
    message: string,
  ) {
    super(message);
  }

  /** A change the review's state does not allow, or a rejection without a reason: exit 2. */
  override get category(): ErrorCategory {
    return "usage";
  }

  override get retryable(): boolean {
    return false;
  }
}

/**
 * Which state may follow which: sent is final; an approval is given once (of two reviewers
 * approving at the same moment, one approves and sends, the other is told it is approved).
 */
const NEXT: Record<ReviewState, readonly ReviewState[]> = {
  draft: ["draft", "approved", "held", "sent"],
  approved: ["draft", "held", "sent"],
  held: ["draft", "approved", "held"],
  sent: [],
};

interface Row {
  project_id: string;
  project_name: string;
  period: string;
  state: ReviewState;
  changed_by: string;
  changed_at: Date | string;
  reason: string | null;
}

function reviewOf(r: Row): Review {
  return {
    projectId: r.project_id,
    projectName: r.project_name,
    period: r.period,
    state: r.state,
    by: r.changed_by,
    at: new Date(r.changed_at).toISOString(),
    ...(r.reason !== null ? { reason: r.reason } : {}),
  };
}

/** The reviews of `period` (every period without one), by project name. */
export async function listReviews(store: Store, period?: string): Promise<Review[]> {
  const where = period === undefined ? sql`` : sql`WHERE r.period = ${period}`;
  const { rows } = await sql<Row>`
    SELECT r.project_id::text AS project_id, p.name AS project_name, r.period, r.state,
           r.changed_by, r.changed_at, r.reason
    FROM report_reviews r JOIN projects p ON p.id = r.project_id
    ${where}
    ORDER BY r.period DESC, p.name, r.project_id`.execute(store.db);
  return rows.map(reviewOf);
}

/** The review of one report, or undefined when nobody has looked at it yet (a draft). */
export async function getReview(
  store: Store,
  projectId: string,
  period: string,
): Promise<Review | undefined> {
  const { rows } = await sql<Row>`
    SELECT r.project_id::text AS project_id, p.name AS project_name, r.period, r.state,
           r.changed_by, r.changed_at, r.reason
    FROM report_reviews r JOIN projects p ON p.id = r.project_id
    WHERE r.project_id = ${projectId}::uuid AND r.period = ${period}`.execute(store.db);
  return rows[0] ? reviewOf(rows[0]) : undefined;
}

/** What a change of state says. */
export interface ReviewChange {
  projectId: string;
  period: string;
  state: ReviewState;
  by: string;
  reason?: string;
}

/**
 * Sets a report's state when its rules allow it (held needs a reason; sent is final), in one
 * statement that also checks the current state, so two reviewers never both win a race.
 */
export async function setReview(store: Store, change: ReviewChange): Promise<Review> {
  const reason = change.reason?.trim() ? change.reason.trim() : null;
  if (change.state === "held" && reason === null)
    throw new ReviewError("NO_REASON", "a report is held with a reason (--reason)");
  const allowedFrom = (Object.keys(NEXT) as ReviewState[]).filter((s) => NEXT[s].includes(change.state));
  const { rows } = await sql<{ project_id: string }>`
    INSERT INTO report_reviews AS r (project_id, period, state, changed_by, reason)
    VALUES (${change.projectId}::uuid, ${change.period}, ${change.state}, ${change.by}, ${reason})
    ON CONFLICT (project_id, period) DO UPDATE
      SET state = excluded.state, changed_by = excluded.changed_by, changed_at = now(),
          reason = excluded.reason
      WHERE r.state IN (${sql.join(allowedFrom)})
    RETURNING r.project_id::text AS project_id`.execute(store.db);
  const now = await getReview(store, change.projectId, change.period);
  if (rows.length === 0 || !now)
    throw new ReviewError(
      "NOT_ALLOWED",
      `the report of ${change.period} is ${now?.state ?? "unknown"} (${now?.by ?? "?"}, ${now?.at ?? "?"}): it cannot become ${change.state}`,
    );
  return now;
}
