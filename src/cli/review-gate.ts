/**
 * The worker's review gate (docs/review.md, "Per client: review"): before a rendered report is
 * emailed, its review state in the worker's database decides. A client whose config says
 * `review: "required"` (the default) is emailed only once approved; until then its report is
 * recorded as a draft (so `review list` and the desk show it) and not sent.
 */
import type { LoadedConfig } from "../config/load-config.js";
import type { Project } from "../contract/index.js";
import type { ReviewRecord } from "../contract/review.js";
import { maySend } from "../contract/review.js";
import { reviewPeriodOf } from "../jobs/delivery-ledger.js";
import type { SendVerdict } from "../jobs/send-planned.js";
import type { RenderedReport } from "../pipeline/generate-report.js";
import { getReview, type ReviewChange, setReview } from "../service/review/index.js";
import type { Store } from "../service/store/db.js";
import { inline, shellArg } from "./io.js";

/**
 * The reviews a worker reads and writes: on its database's store, or through the service that
 * holds its PGlite directory (cli/worker-ledger.ts), the same either way.
 */
export interface WorkerReviews {
  get(projectId: string, period: string): Promise<ReviewRecord | undefined>;
  set(change: ReviewChange): Promise<unknown>;
}

/** The reviews of an open store. */
export function storeReviews(store: Store): WorkerReviews {
  return {
    get: (projectId, period) => getReview(store, projectId, period),
    set: (change) => setReview(store, change),
  };
}

/**
 * Records a scheduled report the worker held for incomplete data (docs/jobs.md, "Waiting for
 * complete data") as `held` with its reason, so the cycle's review list and the desk show why it
 * was not sent. A report already sent stays sent; a failure to record is logged, never fatal: the
 * job has failed with the reason either way.
 */
export function holdRecorder(
  reviews: WorkerReviews,
  log: (line: string) => void,
): (project: Project, period: string, reason: string) => Promise<void> {
  return async (project, period, reason) => {
    try {
      await reviews.set({ projectId: project.id, period, state: "held", by: "worker", reason });
    } catch (error) {
      log(`could not record ${inline(project.name)} ${period} as held: ${(error as Error).message}`);
    }
  };
}

/**
 * The gate of a worker over its `reviews`, each client's policy from `config`. `database` is
 * where the reviews are, as `--database` names it (its password hidden): the approval a held
 * report waits for is asked there, and a command without it would approve in the demo's
 * database instead.
 */
export function reviewGate(
  reviews: WorkerReviews,
  config: Pick<LoadedConfig, "forProject">,
  database?: string,
): (project: Project, rendered: Pick<RenderedReport, "files">) => Promise<SendVerdict> {
  const where = database === undefined ? "" : ` --database ${shellArg(database)}`;
  return async (project, rendered) => {
    const policy = config.forProject(project).review;
    const period = reviewPeriodOf(rendered);
    const review = await reviews.get(project.id, period);
    if (maySend(review, policy)) return { send: true };
    // Sent (by the desk, another job, another format's delivery): it is never sent twice.
    if (review?.state === "sent")
      return {
        send: false,
        sentAlready: true,
        reason: `the report of ${inline(project.name)} for ${period} was sent already (by ${inline(review.by)} at ${review.at}): nothing is sent again`,
      };
    const state = review?.state ?? "draft";
    // Recorded as a draft so that the cycle's review lists it; a decision already made stays.
    if (!review) await reviews.set({ projectId: project.id, period, state: "draft", by: "worker" });
    const why = review?.reason !== undefined ? ` (${inline(review.reason)})` : "";
    return {
      send: false,
      reason: `the report of ${inline(project.name)} for ${period} is ${state}${why}: it is emailed once approved (vreport review approve --project "${inline(project.name)}" --period ${period}${where}, or the review desk)`,
    };
  };
}
