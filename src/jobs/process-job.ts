import { hostname } from "node:os";
import { DelayedError, type Job, type Queue, UnrecoverableError } from "bullmq";
import { sharedReads, type VreportClient } from "../client/index.js";
import type { ClientSchedule } from "../config/config-file.js";
import { dayIn } from "../contract/calendar.js";
import { type Project, VreportError } from "../contract/index.js";
import { EmailError } from "../email/errors.js";
import type { EmailOptions, EmailSettings } from "../email/settings.js";
import type { ClientReport } from "../pipeline/client-reports.js";
import { generateReport } from "../pipeline/generate-report.js";
import { planJob } from "../pipeline/run-plan.js";
import { type Period, resolvePeriod } from "../report/period.js";
import { clientDeliveryAt, monthBefore } from "./client-delivery.js";
import { checkLastDay, describeShort } from "./data-complete.js";
import { AllProjectsJobData, JOB_NAMES, ReportJobData, type ReportJobResult } from "./job-data.js";
import { JobError } from "./job-error.js";
import { enqueueReport, type RetryPolicy } from "./queue.js";
import { type SendPolicy, sendPlanned } from "./send-planned.js";
import type { ServiceConnection } from "./service-connection.js";

/** What every job of one worker shares. */
export interface ProcessorContext {
  service: ServiceConnection;
  /**
   * Each client's settings (the config's defaults under its entry in `projects`: branding,
   * sections, targets, notes, change log; docs/email.md), read before the worker starts (and
   * again after `refresh` finds them changed); each job's plan is made from them
   * (pipeline/run-plan.ts), its email settings over `email`.
   */
  clients: (project: Project) => ClientReport;
  /** SMTP settings of this worker; jobs asking for email fail without them. */
  email?: EmailSettings;
  /** Where `all-projects` jobs enqueue their per-project reports. */
  queue: Queue;
  /** Retry policy of the report jobs an `all-projects` job enqueues. */
  retry?: RetryPolicy;
  /**
   * How the reports are sent (jobs/send-planned.ts): the delivery ledger where every send is
   * claimed before SMTP and recorded after (docs/jobs.md, "Exactly-once email"; a worker without
   * one fails email jobs), the review gate (docs/review.md), and the claim and SMTP timing.
   */
  send?: SendPolicy;
  /**
   * A client's delivery slot and timezone (config `schedule`, `timezone`): a per-client monthly
   * cycle sends each client's report at its slot (docs/jobs.md, "Per-client delivery").
   */
  clientSchedule?: (project: Project) => { schedule?: ClientSchedule; timezone?: string };
  /**
   * Called before each job reads `clients` or `clientSchedule`: a worker reads its config file
   * again there when it changed (cli/live-config.ts).
   */
  refresh?: () => Promise<void>;
  /** The instant an `all-projects` job fans out at (default the wall clock; tests fix it). */
  clock?: () => number;
  /** How long an incomplete period waits before it is checked again (default one hour). */
  dataRecheckMs?: number;
  /** Told when a report waits for its period's data, with when it is checked again (a log line). */
  onWaitingForData?: (line: string) => void;
  /** Told when a report is held for incomplete data at its deadline (a log line, a review state). */
  onHeld?: (project: Project, month: string, reason: string) => Promise<void> | void;
}

/** What an `all-projects` job returns: the ids of the report jobs it enqueued. */
export interface AllProjectsJobResult {
  enqueued: string[];
}

const WORKER_ID = `${hostname()}:${process.pid}`;

/** How long past its slot a client's report waits for complete data, by default (docs/jobs.md). */
export const DEFAULT_WAIT_FOR_DATA_HOURS = 48;
const HOUR_MS = 3_600_000;

/**
 * The one place the worker reads vreport's error family (docs/architecture.md, "Error family"):
 * failures a retry cannot fix (each error says so itself: unknown project, wrong key, over-cap
 * attachments, a job no try can complete…) fail the job at once with its reason; anything else
 * (network, 5xx, SMTP) is retried with backoff.
 */
function classify(err: unknown): Error {
  // The error stays the cause, so the worker's log can tell a report held for review from a failure.
  if (err instanceof VreportError && !err.retryable)
    return Object.assign(new UnrecoverableError(err.message), { cause: err });
  return err instanceof Error ? err : new Error(String(err));
}

/** The job's data checked against its schema: Redis content is not trusted blindly. */
function parse<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: Error } },
  job: Job,
): T {
  const r = schema.safeParse(job.data);
  if (!r.success) throw new JobError("INVALID_DATA", `job ${job.id} has invalid data: ${r.error.message}`);
  return r.data;
}

/**
 * One client's report job of a per-client monthly cycle fired on `asOf` (docs/jobs.md,
 * "Per-client delivery"): the calendar month before, pinned so that a wait past the month's end
 * still reports it; delayed to the client's slot in its timezone (at once without a slot, or once
 * the slot has passed); its own recipients unless the schedule names some; and the deadline until
 * which incomplete data is waited for.
 */
export function perClientJob(
  ctx: Pick<ProcessorContext, "clientSchedule">,
  project: Project,
  data: Omit<ReportJobData, "project" | "asOf">,
  asOf: string,
  workspaceTimezone: string,
  now: number = Date.now(),
): { data: Omit<ReportJobData, "project" | "asOf">; delay: number } {
  const own = ctx.clientSchedule?.(project) ?? {};
  const { day, hour } = own.schedule ?? {};
  const slot =
    day !== undefined && hour !== undefined
      ? clientDeliveryAt(asOf.slice(0, 7), { day, hour }, own.timezone ?? workspaceTimezone)
      : now;
  const from = Math.max(slot, now);
  return {
    data: {
      ...data,
      period: { month: monthBefore(asOf.slice(0, 7)) },
      ...(data.email === undefined ? { clientRecipients: true as const } : {}),
      dataDeadline: from + (own.schedule?.waitForDataHours ?? DEFAULT_WAIT_FOR_DATA_HOURS) * HOUR_MS,
    },
    delay: from - now,
  };
}

/** Builds the BullMQ processor: `report` jobs render (and email); `all-projects` jobs fan out. */
export function createProcessor(
  ctx: ProcessorContext,
): (job: Job, token?: string) => Promise<ReportJobResult | AllProjectsJobResult> {
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
  // The embedded demo's as-of day ends its periods; a service of its own dates them by its clock.
  const clientAsOf = (baseUrl?: string) =>
    (baseUrl === undefined || baseUrl === ctx.service.baseUrl) && ctx.service.asOf !== undefined
      ? { asOf: ctx.service.asOf }
      : {};

  /**
   * Before a per-client report is made, its month's last collection day must be complete; until
   * the deadline the job is delayed and checked again, after it the report is held, never sent
   * incomplete (docs/jobs.md, "Waiting for complete data").
   */
  const waitForData = async (
    job: Job,
    token: string | undefined,
    client: VreportClient,
    project: Project,
    period: Period,
    deadline: number,
  ): Promise<void> => {
    const check = await checkLastDay(client, project, period);
    if (check.short.length === 0) return;
    const now = Date.now();
    if (now < deadline && token !== undefined) {
      const next = Math.min(deadline, now + (ctx.dataRecheckMs ?? HOUR_MS));
      ctx.onWaitingForData?.(
        `waiting for data: ${project.name} ${period.label} (${describeShort(check)}); checked again at ${new Date(next).toISOString()}, held if still short at ${new Date(deadline).toISOString()}`,
      );
      await job.moveToDelayed(next, token);
      throw new DelayedError();
    }
    const reason = `held: ${period.label}'s last collection day is incomplete at the deadline ${new Date(deadline).toISOString()} (${describeShort(check)}); not sent`;
    await ctx.onHeld?.(project, period.label, reason);
    throw new JobError("DATA_INCOMPLETE", reason);
  };

  const report = async (job: Job, token?: string): Promise<ReportJobResult> => {
    const data = parse(ReportJobData, job);
    const to = data.email ?? (data.clientRecipients ? [] : undefined);
    if (to && !ctx.email) {
      throw new EmailError(
        "the job asks for email but this worker has no --smtp-url (or VREPORT_SMTP_URL)",
        "NO_SMTP",
      );
    }
    if (to && !ctx.send?.deliveries) {
      throw new JobError(
        "NO_LEDGER",
        "the job asks for email but this worker keeps no delivery ledger (give it --database)",
      );
    }
    // One view of the service per job: what its steps read twice is asked once.
    const client = sharedReads(clientFor(data.baseUrl));
    const { projects } = await client.listProjects();
    const project = projects.find((p) => p.id === data.project || p.name === data.project);
    if (!project)
      throw new JobError(
        "UNKNOWN_PROJECT",
        `project ${data.project} not found among the projects the key can read`,
      );
    // The job's edge: the period it asks for becomes the one value the report reads.
    const period = await resolvePeriod(client, data.period, clientAsOf(data.baseUrl));
    if (data.dataDeadline !== undefined)
      await waitForData(job, token, client, project, period, data.dataDeadline);
    // The job's addresses, else the client's own recipients (config `email.to`), merged in its plan.
    const plan = planJob<EmailOptions>(project, ctx.clients(project), {
      period,
      formats: data.formats,
      outDir: data.out,
      ...(to && ctx.email ? { email: { options: { ...ctx.email, to }, explicitFrom: false } } : {}),
    });
    const rendered = await generateReport(client, plan.job);
    // The review gate and the ledger decide the send (jobs/send-planned.ts): a client nobody is to
    // receive fails its own job at once with the reason (NoRecipientsError, not retried).
    const delivered = await sendPlanned(plan, rendered, ctx.send);
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
    const { allProjects: _, perClient, ...data } = parse(AllProjectsJobData, job);
    const client = clientFor(data.baseUrl);
    const { projects } = await client.listProjects();
    const timezone = await client.getWorkspace().then(
      (w) => w.timezone,
      () => "UTC",
    );
    const now = ctx.clock?.() ?? Date.now();
    const asOf = dayIn(timezone, new Date(now));
    const enqueued: string[] = [];
    for (const p of projects) {
      const own = perClient ? perClientJob(ctx, p, data, asOf, timezone, now) : { data, delay: 0 };
      const r = await enqueueReport(
        ctx.queue,
        { ...own.data, project: p.id, asOf },
        // Fired again (`schedule run`, after an approval): its held and failed reports run again.
        { ...ctx.retry, delay: own.delay, rerunFailed: true },
      );
      enqueued.push(r.id);
    }
    return { enqueued };
  };

  return async (job, token) => {
    try {
      await ctx.refresh?.();
      return job.name === JOB_NAMES.allProjects ? await allProjects(job) : await report(job, token);
    } catch (err) {
      throw classify(err);
    }
  };
}
