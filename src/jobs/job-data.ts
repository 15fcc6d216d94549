import { z } from "zod";
import {
  COMPARES,
  type Compare,
  NAMED_PERIODS,
  type NamedPeriod,
  RANGES,
  type Range,
} from "../contract/index.js";
import { OUTPUT_FORMATS, type OutputFormat } from "../render/backends/registry.js";

/** The one BullMQ queue every vreport worker consumes. */
export const QUEUE_NAME = "vreport-reports";

/** Job names: a report for one project, or a fan-out that enqueues one report per project. */
export const JOB_NAMES = { report: "report", allProjects: "all-projects" } as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const common = {
  range: z.enum(RANGES),
  /**
   * A named period resolved when the job runs, in the workspace's timezone (`schedule add
   * --monthly`: last-month); replaces `range` (docs/jobs.md).
   */
  period: z.enum(NAMED_PERIODS).optional(),
  /** A calendar month YYYY-MM (`enqueue --month`); replaces `range` and `period`. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
  /** Explicit first and last days (`enqueue --from --to`); replace `range` and `period`. */
  start: z.string().regex(DAY).optional(),
  end: z.string().regex(DAY).optional(),
  /** What the period is compared with (default previous). */
  compare: z.enum(COMPARES).optional(),
  formats: z.array(z.enum(OUTPUT_FORMATS)).min(1),
  out: z.string().min(1),
  email: z.array(z.string().min(3)).min(1).optional(),
  /** Optional service to read from; its key never travels through Redis (the worker's env has it). */
  baseUrl: z.string().url().optional(),
};

/** Data of a `report` job, checked by the worker before anything runs (Redis content is untrusted). */
export const ReportJobData = z.object({
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
});
export type ReportJobData = z.infer<typeof ReportJobData>;

/** Data of an `all-projects` job (what an `--all-projects` schedule produces at each firing). */
export const AllProjectsJobData = z.object({
  allProjects: z.literal(true),
  ...common,
  /**
   * Per-client delivery (`schedule add --monthly --all-projects` without addresses): each client's
   * report of the last month at its own slot, to its own recipients, once its data is complete.
   */
  perClient: z.literal(true).optional(),
});
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
 * The job id of a report: the same (project, range, as-of day, formats in any order) gives the
 * same id, so enqueueing twice makes one job. BullMQ forbids `:` in custom ids; none can occur.
 */
export function reportJobId(d: {
  project: string;
  range: Range;
  period?: NamedPeriod | undefined;
  month?: string | undefined;
  start?: string | undefined;
  end?: string | undefined;
  compare?: Compare | undefined;
  asOf: string;
  formats: readonly OutputFormat[];
}): string {
  const formats = [...new Set(d.formats)].sort().join("+");
  const project = d.project.replace(/[^A-Za-z0-9_-]/g, "_");
  const span = d.month ?? (d.start !== undefined ? `${d.start}_${d.end}` : (d.period ?? d.range));
  const versus = d.compare === "year" ? "-vs-year" : "";
  return `report-${project}-${span}${versus}-${d.asOf}-${formats}`;
}
