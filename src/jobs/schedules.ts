import type { Queue } from "bullmq";
import { isTimeZone } from "../contract/calendar.js";
import type { OutputFormat } from "../render/backends/registry.js";
import { choiceKey, type PeriodChoice } from "../report/period-choice.js";
import { ScheduleError } from "./errors.js";
import { AllProjectsJobData, JOB_NAMES, ReportJobData } from "./job-data.js";
import { jobOptions, type RetryPolicy } from "./queue.js";

/** A recurring report: what to render, for whom, and when. */
export interface ScheduleSpec {
  /** A project id, or every project the key can read at each firing. */
  target: { project: string } | { allProjects: true };
  /** The period asked for, resolved at each firing (`--monthly`: last-month). */
  period: PeriodChoice;
  formats: OutputFormat[];
  out: string;
  email?: string[];
  /**
   * Per-client delivery of an all-projects monthly schedule: each client at its config slot, to its
   * config recipients unless `email` names some, once its data is complete (docs/jobs.md).
   */
  perClient?: boolean;
  baseUrl?: string;
  /** Cron pattern (5 fields, or 6 with seconds), evaluated in `tz`. Exclusive with `everyMs`. */
  cron?: string;
  tz?: string;
  /** A fixed interval instead of a cron pattern. */
  everyMs?: number;
  /** Schedule id; default derived from target, period and formats, so re-adding updates it. */
  id?: string;
  retry?: RetryPolicy;
}

/** A registered schedule as `schedule list` shows it. */
export interface ScheduleInfo {
  id: string;
  cron?: string;
  tz?: string;
  everyMs?: number;
  /** Next firing, epoch ms. */
  next?: number;
  /** `project <id>` or `all projects`, with the period and formats. */
  what: string;
  email: string[];
}

/** The default schedule id: readable, and free of `:` (BullMQ's key separator). */
function scheduleId(spec: Pick<ScheduleSpec, "target" | "period" | "formats">): string {
  const target =
    "project" in spec.target ? spec.target.project.replace(/[^A-Za-z0-9_-]/g, "_") : "all-projects";
  return `${target}-${choiceKey(spec.period)}-${[...new Set(spec.formats)].sort().join("+")}`;
}

/** Registers (or updates) a BullMQ job scheduler producing report or all-projects jobs; returns its id. */
export async function addSchedule(queue: Queue, spec: ScheduleSpec): Promise<{ id: string; next?: number }> {
  if ((spec.cron === undefined) === (spec.everyMs === undefined))
    throw new ScheduleError("give exactly one of a cron pattern or an interval");
  if (spec.tz !== undefined && !isTimeZone(spec.tz))
    throw new ScheduleError(`unknown time zone "${spec.tz}": an IANA name such as Europe/Paris`);
  const id = spec.id ?? scheduleId(spec);
  if (id.includes(":")) throw new ScheduleError(`schedule id "${id}" must not contain ":"`);
  const common = {
    period: spec.period,
    formats: spec.formats,
    out: spec.out,
    ...(spec.email !== undefined ? { email: spec.email } : {}),
    ...(spec.baseUrl !== undefined ? { baseUrl: spec.baseUrl } : {}),
  };
  const [name, data]: [string, ReportJobData | AllProjectsJobData] =
    "project" in spec.target
      ? [JOB_NAMES.report, { ...common, project: spec.target.project }]
      : [
          JOB_NAMES.allProjects,
          { ...common, allProjects: true, ...(spec.perClient ? { perClient: true as const } : {}) },
        ];
  const repeat =
    spec.cron !== undefined
      ? { pattern: spec.cron, ...(spec.tz !== undefined ? { tz: spec.tz } : {}) }
      : { every: spec.everyMs as number };
  const { removeOnComplete, removeOnFail, attempts, backoff } = jobOptions(spec.retry);
  try {
    const job = await queue.upsertJobScheduler(id, repeat, {
      name,
      data,
      opts: {
        ...(attempts !== undefined ? { attempts } : {}),
        ...(backoff !== undefined ? { backoff } : {}),
        ...(removeOnComplete !== undefined ? { removeOnComplete } : {}),
        ...(removeOnFail !== undefined ? { removeOnFail } : {}),
      },
    });
    const next = job?.timestamp !== undefined ? job.timestamp + (job.opts.delay ?? 0) : undefined;
    return { id, ...(next !== undefined ? { next } : {}) };
  } catch (err) {
    // cron-parser's messages ("Invalid cron expression") are the useful part.
    throw new ScheduleError(
      `cannot register schedule ${id}: ${err instanceof Error ? err.message : String(err)}`,
      { cause: err },
    );
  }
}

/** Every registered schedule, soonest first. */
export async function listSchedules(queue: Queue): Promise<ScheduleInfo[]> {
  const all = await queue.getJobSchedulers(0, -1, true);
  return all.map((s) => {
    const data = (s.template?.data ?? {}) as Partial<ReportJobData & AllProjectsJobData>;
    const stored = (data.allProjects ? AllProjectsJobData : ReportJobData).safeParse(data);
    const each = data.perClient ? " (each client at its slot, to its recipients)" : "";
    const target = data.allProjects ? `all projects${each}` : `project ${data.project ?? "?"}`;
    return {
      id: s.key,
      ...(s.pattern ? { cron: s.pattern } : {}),
      ...(s.tz ? { tz: s.tz } : {}),
      ...(s.every ? { everyMs: s.every } : {}),
      ...(s.next !== undefined ? { next: s.next } : {}),
      what: `${target}, ${stored.success ? choiceKey(stored.data.period) : "?"}, ${(data.formats ?? []).join(",")} → ${data.out ?? "?"}`,
      email: data.email ?? [],
    };
  });
}

/** Removes a schedule; false when no schedule has this id. Jobs it already produced stay. */
export async function removeSchedule(queue: Queue, id: string): Promise<boolean> {
  return queue.removeJobScheduler(id);
}

/**
 * Fires a schedule now, once, as its next firing would (`schedule run`: try a cycle without
 * waiting for the 1st): a job with the schedule's name, data and options. Its id names the
 * schedule and the instant, so running it twice makes two jobs, as two firings would; what the
 * jobs send is still sent once (the delivery ledger). Undefined when there is no such schedule.
 */
export async function runScheduleNow(
  queue: Queue,
  id: string,
  now = Date.now(),
): Promise<string | undefined> {
  const scheduler = await queue.getJobScheduler(id);
  if (!scheduler) return undefined;
  const opts = (scheduler.template?.opts ?? {}) as Record<string, unknown>;
  const job = await queue.add(scheduler.name, scheduler.template?.data ?? {}, {
    ...opts,
    jobId: `${id}-run-${now}`,
  });
  return job.id;
}

/**
 * `schedule add --monthly`: 06:00 on the 1st of each month in `tz` (the workspace's unless the user
 * chose another), reporting the last calendar month, which the worker resolves in the workspace's
 * timezone when the job runs (docs/jobs.md).
 */
export function monthlyCron(tz: string): { cron: string; tz: string } {
  return { cron: "0 6 1 * *", tz };
}
