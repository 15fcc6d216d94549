import { type JobsOptions, Queue } from "bullmq";
import type { Redis } from "ioredis";
import { JOB_NAMES, QUEUE_NAME, type ReportJobData, reportJobId } from "./job-data.js";
import { connectRedis } from "./redis.js";

/** Retry policy of report jobs. */
export interface RetryPolicy {
  /** Tries in all, the first included. Default 3. */
  attempts?: number;
  /** First retry delay in ms, doubling per retry (BullMQ exponential backoff). Default 10 000. */
  backoffMs?: number;
}

/** Where the queue lives: Redis URL and key prefix (tests use one prefix each so runs never collide). */
export interface QueueLocation {
  redisUrl: string;
  /** BullMQ key prefix; default `bull` (BullMQ's own), or `VREPORT_QUEUE_PREFIX`. */
  prefix?: string;
}

/** The key prefix from the option, else `VREPORT_QUEUE_PREFIX`, else BullMQ's default. */
export function queuePrefix(prefix?: string, env: NodeJS.ProcessEnv = process.env): string {
  return prefix ?? env.VREPORT_QUEUE_PREFIX ?? "bull";
}

/** BullMQ options of every report job: exponential retries, failed jobs kept with their reason. */
export function jobOptions(policy: RetryPolicy = {}): JobsOptions {
  return {
    attempts: policy.attempts ?? 3,
    backoff: { type: "exponential", delay: policy.backoffMs ?? 10_000 },
    // Completed jobs stay a week so an identical enqueue is recognised as done, not re-run.
    removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
    // Failed jobs are kept: their reason is what an operator reads first.
    removeOnFail: false,
  };
}

/** An open queue and the connection it owns. */
export interface OpenQueue {
  queue: Queue;
  redis: Redis;
  close(): Promise<void>;
}

/** Opens the report queue after checking Redis answers. */
export async function openQueue(location: QueueLocation): Promise<OpenQueue> {
  const redis = await connectRedis(location.redisUrl);
  const queue = new Queue(QUEUE_NAME, { connection: redis, prefix: queuePrefix(location.prefix) });
  return {
    queue,
    redis,
    async close() {
      await queue.close();
      redis.disconnect();
    },
  };
}

/** What `enqueueReport` did. */
export interface Enqueued {
  id: string;
  /** False when a job with this id already existed (waiting, active, done or failed). */
  created: boolean;
  /** The existing job's state when not created. */
  state?: string;
}

/**
 * Adds one report job under its deterministic id. BullMQ ignores an add whose id exists, so a
 * second enqueue is a no-op; `force` first removes a finished (completed or failed) one to re-run it,
 * `rerunFailed` a failed one only (a cycle fired again re-runs the reports held for review or for
 * data, and those that failed; the delivery ledger sends none twice: docs/jobs.md).
 * `delay` (ms) holds the job back until then (a client's delivery slot, docs/jobs.md).
 */
export async function enqueueReport(
  queue: Queue,
  data: ReportJobData & { asOf: string },
  options: RetryPolicy & { force?: boolean; rerunFailed?: boolean; delay?: number } = {},
): Promise<Enqueued> {
  const id = reportJobId(data);
  const existing = await queue.getJob(id);
  if (existing) {
    const state = await existing.getState();
    const rerun =
      (options.force && (state === "completed" || state === "failed")) ||
      (options.rerunFailed && state === "failed");
    if (!rerun) return { id, created: false, state };
    await existing.remove();
  }
  const delay = options.delay !== undefined && options.delay > 0 ? { delay: options.delay } : {};
  await queue.add(JOB_NAMES.report, data, { ...jobOptions(options), ...delay, jobId: id });
  return { id, created: true };
}
