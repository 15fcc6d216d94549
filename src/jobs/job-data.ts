import { z } from "zod";
import { COMPARES, DEFAULT_RANGE, NAMED_PERIODS, RANGES } from "../contract/index.js";
import { OUTPUT_FORMATS, type OutputFormat } from "../render/backends/registry.js";
import { choiceKey, type PeriodChoice } from "../report/period-choice.js";

/** The one BullMQ queue every vreport worker consumes. */
export const QUEUE_NAME = "vreport-reports";

/** Job names: a report for one project, or a fan-out that enqueues one report per project. */
export const JOB_NAMES = { report: "report", allProjects: "all-projects" } as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const compare = { compare: z.enum(COMPARES).optional() };
/** The choices of docs/decisions.md#period, one shape each: a job asks for exactly one. */
const PERIOD_CHOICE = z.union([
  z.object({ range: z.enum(RANGES), ...compare }).strict(),
  z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/), ...compare }).strict(),
  z.object({ named: z.enum(NAMED_PERIODS), ...compare }).strict(),
  z.object({ start: z.string().regex(DAY), end: z.string().regex(DAY), ...compare }).strict(),
]);

/**
 * A job stored by an earlier version (a schedule added before the period became one field) named
 * its period in separate fields: read as the choice they meant (docs/jobs.md, "Job data").
 */
function storedPeriod(raw: unknown): unknown {
  if (typeof raw !== "object" || raw === null) return raw;
  if (typeof (raw as { period?: unknown }).period === "object") return raw;
  const { range, period, month, start, end, compare: versus, ...rest } = raw as Record<string, unknown>;
  const choice =
    month !== undefined
      ? { month }
      : start !== undefined
        ? { start, end }
        : period !== undefined
          ? { named: period }
          : { range: range ?? DEFAULT_RANGE };
  return { ...rest, period: { ...choice, ...(versus !== undefined ? { compare: versus } : {}) } };
}

const common = {
  /** The period asked for, resolved when the job runs (a schedule's `last-month` at each firing). */
  period: z.custom<PeriodChoice>((v) => PERIOD_CHOICE.safeParse(v).success, {
    message:
      "must be one period choice: { range } | { month } | { named } | { start, end }, with an optional compare",
  }),
  formats: z.array(z.enum(OUTPUT_FORMATS)).min(1),
  out: z.string().min(1),
  email: z.array(z.string().min(3)).min(1).optional(),
  /** Optional service to read from; its key never travels through Redis (the worker's env has it). */
  baseUrl: z.string().url().optional(),
};

/** Data of a `report` job, checked by the worker before anything runs (Redis content is untrusted). */
export const ReportJobData = z.preprocess(
  storedPeriod,
  z.object({
    project: z.string().min(1),
    asOf: z.string().regex(DAY).optional(),
    ...common,
    /** Email the client's own recipients (its config `email.to`) when `email` names none. */
    clientRecipients: z.literal(true).optional(),
    /**
     * Epoch ms until which an incomplete period is waited for (docs/jobs.md, "Waiting for complete
     * data"): before it the job is delayed and checked again, after it the report is held.
     */
    dataDeadline: z.number().int().positive().optional(),
  }),
);
export type ReportJobData = z.infer<typeof ReportJobData>;

/** Data of an `all-projects` job (what an `--all-projects` schedule produces at each firing). */
export const AllProjectsJobData = z.preprocess(
  storedPeriod,
  z.object({
    allProjects: z.literal(true),
    ...common,
    /**
     * Per-client delivery (`schedule add --monthly --all-projects` without addresses): each client's
     * report of the last month at its own slot, to its own recipients, once its data is complete.
     */
    perClient: z.literal(true).optional(),
  }),
);
export type AllProjectsJobData = z.infer<typeof AllProjectsJobData>;

/** What a finished report job returns (kept by BullMQ as the job's return value). */
export interface ReportJobResult {
  files: { format: OutputFormat; path: string; bytes: number }[];
  emailed: string[];
  /** The email's Message-ID (deterministic per delivery: docs/jobs.md, "Exactly-once email"). */
  messageId?: string;
  /** True when the delivery ledger found the email sent by an earlier attempt: nothing was sent now. */
  alreadyEmailed?: boolean;
  /** `host:pid` of the worker that rendered it: which worker did what stays visible. */
  worker: string;
  asOf: string;
}

/**
 * The job id of a report: the same (project, period asked for, as-of day, formats in any order) gives the
 * same id, so enqueueing twice makes one job. BullMQ forbids `:` in custom ids; none can occur.
 */
export function reportJobId(d: {
  project: string;
  period: PeriodChoice;
  asOf: string;
  formats: readonly OutputFormat[];
}): string {
  const formats = [...new Set(d.formats)].sort().join("+");
  const project = d.project.replace(/[^A-Za-z0-9_-]/g, "_");
  return `report-${project}-${choiceKey(d.period)}-${d.asOf}-${formats}`;
}
