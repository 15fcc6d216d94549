import { hostname } from "node:os";
import { type Job, type Queue, UnrecoverableError } from "bullmq";
import {
  InvalidKeyError,
  MissingKeyError,
  MissingScopeError,
  NotFoundError,
  ValidationError,
  type VreportClient,
} from "../client/index.js";
import type { Branding } from "../config/branding.js";
import type { Presentation } from "../config/presentation.js";
import type { Targets } from "../config/targets.js";
import { dayIn } from "../contract/calendar.js";
import type { Project } from "../contract/index.js";
import { EmailError } from "../email/errors.js";
import type { EmailOptions, EmailSettings } from "../email/settings.js";
import { generateReport, type RenderedReport, type ReportJob } from "../pipeline/generate-report.js";
import { UnknownFormatError } from "../render/backends/registry.js";
import type { PeriodChoice } from "../report/period-choice.js";
import { type DeliveryOutcome, deliverOnce } from "./deliver-once.js";
import { type DeliveryLedger, deliveryOf } from "./delivery-ledger.js";
import { AllProjectsJobData, JOB_NAMES, ReportJobData, type ReportJobResult } from "./job-data.js";
import { enqueueReport, type RetryPolicy } from "./queue.js";
import type { ServiceConnection } from "./service-connection.js";

/** What every job of one worker shares. */
export interface ProcessorContext {
  service: ServiceConnection;
  branding: Branding;
  /** What the page formats show (the worker's config file). */
  presentation?: Presentation;
  timezone?: string;
  /** The agency's targets (the worker's config file). */
  targets?: Targets;
  /**
   * A client's own settings over the worker's (config `projects`: branding, sections, targets,
   * notes, change log; docs/email.md), and its email settings over `email`.
   */
  clientJob?: (project: Project) => Partial<Omit<ReportJob, "project">>;
  clientEmail?: (project: Project, email: EmailOptions) => EmailOptions;
  /** SMTP settings of this worker; jobs asking for email fail without them. */
  email?: EmailSettings;
  /** Where `all-projects` jobs enqueue their per-project reports. */
  queue: Queue;
  /** Retry policy of the report jobs an `all-projects` job enqueues. */
  retry?: RetryPolicy;
  /** Email retry timing (tests shorten it). */
  emailRetry?: { attempts?: number; retryDelayMs?: number };
  /**
   * Where every send is claimed before SMTP and recorded after (docs/jobs.md, "Exactly-once
   * email"); a worker without one fails email jobs.
   */
  deliveries?: DeliveryLedger;
  /** How long a delivery claim lasts without renewal (default 60 000 ms). */
  deliveryLeaseMs?: number;
}

/** What an `all-projects` job returns: the ids of the report jobs it enqueued. */
export interface AllProjectsJobResult {
  enqueued: string[];
}

const WORKER_ID = `${hostname()}:${process.pid}`;

/**
 * Failures a retry cannot fix (bad job data, unknown project, wrong key, over-cap attachments)
 * fail the job at once with its reason; anything else (network, 5xx, SMTP) is retried with backoff.
 */
function classify(err: unknown): Error {
  const permanent =
    err instanceof NotFoundError ||
    err instanceof ValidationError ||
    err instanceof MissingKeyError ||
    err instanceof InvalidKeyError ||
    err instanceof MissingScopeError ||
    err instanceof UnknownFormatError ||
    (err instanceof EmailError && err.code !== "SMTP_FAILED");
  if (permanent) return new UnrecoverableError((err as Error).message);
  return err instanceof Error ? err : new Error(String(err));
}

/** The period a job asks for (docs/jobs.md): a month, explicit days or a named period; else its range. */
export function periodOf(
  data: Pick<ReportJobData, "range" | "period" | "month" | "start" | "end" | "compare">,
): PeriodChoice | undefined {
  const compare = data.compare !== undefined ? { compare: data.compare } : {};
  if (data.month !== undefined) return { month: data.month, ...compare };
  if (data.start !== undefined && data.end !== undefined)
    return { start: data.start, end: data.end, ...compare };
  if (data.period !== undefined) return { named: data.period, ...compare };
  return data.compare !== undefined ? { range: data.range, ...compare } : undefined;
}

/** The job's data checked against its schema: Redis content is not trusted blindly. */
function parse<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: Error } },
  job: Job,
): T {
  const r = schema.safeParse(job.data);
  if (!r.success) throw new UnrecoverableError(`job ${job.id} has invalid data: ${r.error.message}`);
  return r.data;
}

/**
 * May this rendered report be emailed now? The one place that decides it, after rendering and
 * before the delivery is claimed: every report may be, today; a review gate (draft, approved,
 * held) belongs here and nowhere else.
 */
function maySend(
  _project: Project,
  _rendered: RenderedReport,
): { send: true } | { send: false; reason: string } {
  return { send: true };
}

/** Builds the BullMQ processor: `report` jobs render (and email); `all-projects` jobs fan out. */
export function createProcessor(
  ctx: ProcessorContext,
): (job: Job) => Promise<ReportJobResult | AllProjectsJobResult> {
  const clients = new Map<string, VreportClient>();
  const clientFor = (baseUrl?: string): VreportClient => {
    if (baseUrl === undefined || baseUrl === ctx.service.baseUrl) return ctx.service.client;
    let c = clients.get(baseUrl);
    if (!c) {
      c = ctx.service.clientFor(baseUrl);
      clients.set(baseUrl, c);
    }
    return c;
  };

  const report = async (job: Job): Promise<ReportJobResult> => {
    const data = parse(ReportJobData, job);
    if (data.email && !ctx.email) {
      throw new UnrecoverableError(
        "the job asks for email but this worker has no --smtp-url (or VREPORT_SMTP_URL)",
      );
    }
    if (data.email && !ctx.deliveries) {
      throw new UnrecoverableError(
        "the job asks for email but this worker keeps no delivery ledger (give it --database)",
      );
    }
    const client = clientFor(data.baseUrl);
    const { projects } = await client.listProjects();
    const project = projects.find((p) => p.id === data.project || p.name === data.project);
    if (!project)
      throw new UnrecoverableError(`project ${data.project} not found among the projects the key can read`);
    const rendered = await generateReport(client, {
      project,
      range: data.range,
      ...(periodOf(data) !== undefined ? { period: periodOf(data) as PeriodChoice } : {}),
      formats: data.formats,
      outDir: data.out,
      branding: ctx.branding,
      render: ctx.presentation !== undefined ? { presentation: ctx.presentation } : {},
      ...(ctx.timezone !== undefined ? { timezone: ctx.timezone } : {}),
      ...(ctx.targets !== undefined ? { targets: ctx.targets } : {}),
      ...(ctx.clientJob?.(project) ?? {}),
    });
    let delivered: DeliveryOutcome | undefined;
    if (data.email && ctx.email && ctx.deliveries) {
      const options = { ...ctx.email, to: data.email };
      const email: EmailOptions = ctx.clientEmail ? ctx.clientEmail(project, options) : options;
      const decision = maySend(project, rendered);
      if (!decision.send) throw new UnrecoverableError(`not emailed: ${decision.reason}`);
      const delivery = deliveryOf({
        project: project.id,
        periodStart: rendered.cover.periodStart,
        periodEnd: rendered.cover.periodEnd,
        to: email.to,
        cc: email.cc,
        formats: data.formats,
        from: email.from,
      });
      delivered = await deliverOnce(ctx.deliveries, rendered, email, delivery, {
        ...(ctx.deliveryLeaseMs !== undefined ? { leaseMs: ctx.deliveryLeaseMs } : {}),
        ...(ctx.emailRetry ? { emailRetry: ctx.emailRetry } : {}),
      });
    }
    return {
      files: rendered.files,
      emailed: delivered?.recipients ?? [],
      ...(delivered
        ? { messageId: delivered.messageId, ...(delivered.alreadySent ? { alreadyEmailed: true } : {}) }
        : {}),
      worker: WORKER_ID,
      asOf: rendered.cover.asOf,
    };
  };

  const allProjects = async (job: Job): Promise<AllProjectsJobResult> => {
    const { allProjects: _, ...data } = parse(AllProjectsJobData, job);
    const client = clientFor(data.baseUrl);
    const { projects } = await client.listProjects();
    const timezone = await client.getWorkspace().then(
      (w) => w.timezone,
      () => "UTC",
    );
    const asOf = dayIn(timezone);
    const enqueued: string[] = [];
    for (const p of projects) {
      const r = await enqueueReport(ctx.queue, { ...data, project: p.id, asOf }, ctx.retry ?? {});
      enqueued.push(r.id);
    }
    return { enqueued };
  };

  return async (job) => {
    try {
      return job.name === JOB_NAMES.allProjects ? await allProjects(job) : await report(job);
    } catch (err) {
      throw err instanceof UnrecoverableError ? err : classify(err);
    }
  };
}
