import type { Project } from "../contract/index.js";
import type { OutputFormat } from "../render/backends/registry.js";
import type { RenderOptions } from "../render/types.js";
import type { Period } from "../report/period.js";
import { clientEmail, type EmailAddressing, type EmailRequest, type PlannedEmail } from "./client-email.js";
import type { ClientReport } from "./client-reports.js";
import type { AnswersExport, ReportJob } from "./generate-report.js";

/**
 * What a run asks of every report it writes, whoever runs it (`generate`, the batch, the worker,
 * the desk, an MCP tool): the period, resolved once, the formats and folder, the layout flags, and
 * the email asked for. The client's own settings come from its config entry.
 */
export interface RunSpec<E extends EmailAddressing = EmailAddressing> {
  period: Period;
  formats: readonly OutputFormat[];
  outDir: string;
  /** Layout asked for on the command line (`--page-size`, `--landscape`, `--draft`, `--accessible`). */
  render?: RenderOptions;
  answers?: AnswersExport;
  signal?: AbortSignal;
  onWarning?: (line: string) => void;
  /** The email asked for (`--email` with its SMTP settings, a job's addresses); none: the report is only written. */
  email?: EmailRequest<E>;
}

/**
 * One client's report as a run makes it: the job to write, and apart from it the email to send it
 * with, if any (so the SMTP settings never travel into the report's generation).
 */
export interface RunPlan<E extends EmailAddressing = EmailAddressing> {
  job: ReportJob;
  /** Its email, merged once with the client's config; read with `emailOf` once the files are written. */
  email?: PlannedEmail<E>;
}

/** A client's settings as each of its reports is made with them, whatever writes it (a run, the preview). */
export type ClientRequest = Pick<
  ReportJob,
  "branding" | "render" | "targets" | "timezone" | "notesFrom" | "changes"
>;

/**
 * The client's settings (`ClientReport`, the config's defaults under its entry) with the run's
 * layout flags over them: the one merge `planJob` makes, and the preview too, which reads its
 * files again on each rebuild and writes no job (preview/build.ts).
 */
export function clientRequest(client: ClientReport, render: RenderOptions = {}): ClientRequest {
  const { settings, notesFrom, changes } = client;
  return {
    branding: settings.branding,
    render: {
      ...render,
      presentation: settings.presentation,
      // `--accessible` asks for a tagged PDF for every client, the config for its own.
      accessible: (render.accessible ?? false) || settings.accessible,
    },
    ...(settings.targets !== undefined ? { targets: settings.targets } : {}),
    ...(settings.timezone !== undefined ? { timezone: settings.timezone } : {}),
    ...(notesFrom !== undefined ? { notesFrom } : {}),
    ...(changes !== undefined ? { changes } : {}),
  };
}

/**
 * The one place a report's settings are resolved (docs/architecture.md, "The run plan"): the
 * config's defaults under the client's entry (`ClientReport`, read once per run), then the run's
 * flags over both, its email included. Each setting is decided here once; nothing downstream
 * merges again.
 */
export function planJob<E extends EmailAddressing = EmailAddressing>(
  project: Project,
  client: ClientReport,
  run: RunSpec<E>,
): RunPlan<E> {
  return {
    job: {
      project,
      period: run.period,
      formats: run.formats,
      outDir: run.outDir,
      ...clientRequest(client, run.render),
      ...(run.answers !== undefined ? { answers: run.answers } : {}),
      ...(run.signal !== undefined ? { signal: run.signal } : {}),
      ...(run.onWarning !== undefined ? { onWarning: run.onWarning } : {}),
    },
    ...(run.email !== undefined ? { email: clientEmail(run.email, client.settings.email, project) } : {}),
  };
}

/**
 * The plan's email: undefined when the run sends none; throws its `NoRecipientsError` when nobody
 * is to receive it. Read after the report is written, so that client's files are there and only
 * its delivery fails (docs/email.md).
 */
export function emailOf<E extends EmailAddressing>(plan: RunPlan<E>): E | undefined {
  if (plan.email === undefined) return undefined;
  if (!plan.email.ok) throw plan.email.error;
  return plan.email.options;
}
