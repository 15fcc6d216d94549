import { type Job, Queue, Worker } from "bullmq";
import { humanBytes, humanMs } from "../format/human.js";
import { HeldForReviewError } from "./errors.js";
import { QUEUE_NAME, type ReportJobResult } from "./job-data.js";
import { createProcessor, type ProcessorContext } from "./process-job.js";
import { type QueueLocation, queuePrefix } from "./queue.js";
import { connectRedis } from "./redis.js";

/** Options of one worker process. */
export interface WorkerOptions extends QueueLocation {
  /** Jobs processed at once in this process. Default 1. */
  concurrency?: number;
  /** How long a job's lock lasts without renewal: a dead worker's job is retried after it. Default 30 000. */
  lockDurationMs?: number;
  /** How often stalled jobs (held by dead workers) are looked for. Default 30 000. */
  stalledIntervalMs?: number;
  /** One line per job event. */
  log?: (line: string) => void;
}

/** A running worker. */
export interface RunningWorker {
  worker: Worker;
  /** Stops taking jobs, lets the active ones finish (unless `force`), then disconnects. */
  close(force?: boolean): Promise<void>;
}

function describe(job: Job | undefined): string {
  return job ? `${job.name} ${job.id}` : "job";
}

/** Starts consuming the report queue with the given shared context (minus the queue, made here). */
export async function startReportWorker(
  options: WorkerOptions,
  context: Omit<ProcessorContext, "queue">,
): Promise<RunningWorker> {
  const log = options.log ?? (() => {});
  const prefix = queuePrefix(options.prefix);
  const redis = await connectRedis(options.redisUrl);
  const queue = new Queue(QUEUE_NAME, { connection: redis, prefix });
  const processor = createProcessor({ onWaitingForData: log, ...context, queue });
  const worker = new Worker(QUEUE_NAME, processor, {
    connection: redis,
    prefix,
    concurrency: Math.max(1, options.concurrency ?? 1),
    lockDuration: options.lockDurationMs ?? 30_000,
    stalledInterval: options.stalledIntervalMs ?? 30_000,
    // A job whose worker died is retried once more before it is failed as stalled.
    maxStalledCount: 1,
  });
  worker.on("active", (job) =>
    log(`started ${describe(job)} (attempt ${job.attemptsMade + 1}/${job.opts.attempts ?? 1})`),
  );
  worker.on("completed", (job, result: unknown) => {
    const took = job.finishedOn && job.processedOn ? humanMs(job.finishedOn - job.processedOn) : "";
    const r = (result as Partial<ReportJobResult> | undefined) ?? {};
    const { files = [], emailed = [] } = r;
    const what = files.map((f) => `${f.path} (${humanBytes(f.bytes)})`).join(", ");
    const mailed =
      emailed.length === 0
        ? ""
        : r.alreadyEmailed
          ? `; already emailed to ${emailed.join(", ")} (${r.messageId ?? "message id unknown"}), not sent again`
          : `; emailed to ${emailed.join(", ")}`;
    log(`completed ${describe(job)}${took ? ` in ${took}` : ""}${what ? `: ${what}` : ""}${mailed}`);
  });
  worker.on("failed", (job, err) => {
    // Waiting for review is the cycle at work, not a failure (docs/review.md).
    if (err.cause instanceof HeldForReviewError) {
      const what = err.cause.sentAlready ? `skipped ${describe(job)}` : `held ${describe(job)} for review`;
      log(`${what}: ${err.cause.message}`);
      return;
    }
    const final = job
      ? job.attemptsMade >= (job.opts.attempts ?? 1) || err.name === "UnrecoverableError"
      : true;
    log(`${final ? "failed" : "will retry"} ${describe(job)}: ${err.message}`);
  });
  worker.on("error", (err) => log(`error: ${err.message}`));
  await worker.waitUntilReady();
  return {
    worker,
    async close(force = false) {
      await worker.close(force);
      await queue.close();
      redis.disconnect();
    },
  };
}
