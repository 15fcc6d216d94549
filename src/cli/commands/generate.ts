import { userInfo } from "node:os";
import type { Command } from "commander";
import { type LoadedConfig, loadConfig } from "../../config/load-config.js";
import type { EmailOptions } from "../../email/settings.js";
import { sendOnPooledConnections } from "../../email/smtp-pool.js";
import { type BatchResult, runBatch } from "../../jobs/batch.js";
import { withReportSession } from "../../jobs/report-session.js";
import type { WrittenFile } from "../../pipeline/apply.js";
import { clientReports, oneClientsFile } from "../../pipeline/client-reports.js";
import { planJob, type RunSpec } from "../../pipeline/run-plan.js";
import { chartThreadsFor, drawChartsOnThreads } from "../../render/charts/threads.js";
import { createBatchProgress } from "../batch-progress.js";
import { printBatchSummary } from "../batch-summary.js";
import { parseEmailFlags } from "../email-flags.js";
import { CliError, EXIT } from "../errors.js";
import { examples } from "../examples.js";
import { FORMATS_HELP, parsePositiveInt } from "../flags.js";
import { interruptSignal } from "../interrupt.js";
import { type Io, inline, processIo } from "../io.js";
import { projectOption, withServiceOptions } from "../options.js";
import { withPeriodFlags } from "../period-flags.js";
import { connectReporting, periodAt, projectsOf } from "../report-service.js";
import { toCliError as setupError } from "../to-cli-error.js";
import { ledgerLocation, openWorkerLedger } from "../worker-ledger.js";
import {
  changesForAll,
  type GenerateFlags,
  type GenerateOptions,
  notesForAll,
  parseGenerateFlags,
} from "./generate-options.js";

/**
 * `vreport generate`: writes the report of each selected project in each format (one project is
 * a batch of one: same progress, summary and error handling); returns the files written.
 */
export async function generateCommand(
  flags: GenerateFlags,
  io: Io = processIo,
  signal?: AbortSignal,
): Promise<WrittenFile[]> {
  const opts = parseGenerateFlags(flags);
  const email = parseEmailFlags(flags);
  const results = await runGenerate(opts, io, {
    concurrency: parsePositiveInt("--concurrency", flags.concurrency, 2),
    ...(signal ? { signal } : {}),
    ...(email ? { email, explicitFrom: flags.emailFrom !== undefined } : {}),
  });
  return results.flatMap((r) => r.files);
}

/** Wires `vreport generate`. */
export function register(program: Command): void {
  withServiceOptions(
    withPeriodFlags(
      program
        .command("generate")
        .description("Generate the AI-visibility report as PDF, XLSX, Markdown and/or HTML"),
    ),
  )
    .option("--format <formats>", FORMATS_HELP, "all")
    .addOption(projectOption())
    .option("--all-projects", "one report per project the key can read")
    .option("--out <dir>", "output directory", "output")
    .option("--config <file>", "branding config (default: ./vreport.config.json when present)")
    .option(
      "--profile <profile>",
      "what the PDF and Markdown show: client (the top rows, a short deliverable) or full (every row); the workbook is always complete (default: the config file's, else client)",
    )
    .option(
      "--locale <locale>",
      "the report's language: en, de, fr or es, or a locale of one (de-DE writes 39,7 %); file names stay the same (default: the config file's locale, else en-US)",
    )
    .option(
      "--notes <file>",
      "the agency's notes: Markdown, one ## <section key> per note, shown first in its section (default: the config file's notes)",
    )
    .option(
      "--changes <file>",
      "the agency's change log: CSV (date,label,platform,category) or NDJSON, marked on the trend and listed with the rates 14 days before and after (default: the config file's changes)",
    )
    .option("--draft", 'a review copy: every PDF page is marked "DRAFT"')
    .option(
      "--accessible",
      "a tagged, accessible PDF: headings, tables, charts described in words, language and title (default: the config file's accessible)",
    )
    .option("--page-size <size>", "PDF page size: A4 or Letter", "A4")
    .option("--landscape", "PDF in landscape orientation")
    .option(
      "--answers <which>",
      "all: also write every answer of the period to <report>-answers.xlsx (streamed, one row per answer)",
    )
    .option("--concurrency <n>", "reports rendered at once with --all-projects", "2")
    .option(
      "--email [addresses]",
      "email the files to these comma-separated addresses; alone, to each client's email.to in the config file",
    )
    .option("--smtp-url <url>", "SMTP server for --email (env VREPORT_SMTP_URL)")
    .option("--email-from <address>", "sender for --email (env VREPORT_EMAIL_FROM)")
    .option("--max-attachment-mb <mb>", "largest total attachment size per email", "10")
    .addHelpText(
      "after",
      examples(
        "vreport generate --range 30d --format pdf",
        "vreport generate --month 2026-10 --compare year --format pdf,xlsx --profile full",
        "vreport generate --all-projects --period last-month --email cmo@client.example --smtp-url smtp://127.0.0.1:2525",
        "vreport generate --base-url https://reports.example.com --api-key-file key.txt --project Acme --format md",
        "vreport generate --range 30d --format html --profile full",
        "vreport generate --month 2026-10 --project Acme --notes notes-2026-10.md --draft",
        "vreport generate --month 2026-10 --project Acme --changes changes.csv",
        "vreport generate --range 90d --format pdf --accessible",
        "vreport generate --range 30d --format pdf,xlsx --locale de-DE",
      ),
    )
    .action(async (flags: GenerateFlags) => {
      await generateCommand(flags, processIo, interruptSignal());
    });
}

/** What `generate` adds to its options for a batch. */
export interface BatchExtras {
  /** Reports at once (default 2). */
  concurrency?: number;
  email?: EmailOptions;
  /** `--email-from` was given: it wins over each client's configured sender. */
  explicitFrom?: boolean;
  /** Where the TTY progress bar is drawn (tests); default stderr. */
  write?: (s: string) => void;
  /** Stops the run (SIGTERM, Ctrl-C): no further file is written, staging is removed. */
  signal?: AbortSignal;
}

/**
 * The generate command once its flags are parsed: renders every selected project (one is a
 * batch of one) through `runBatch` with a progress display, prints the summary table, and
 * throws a CliError (exit 1) naming the failed projects if any failed. Returns the results.
 */
export async function runGenerate(
  opts: GenerateOptions,
  io: Io,
  extras: BatchExtras = {},
): Promise<BatchResult[]> {
  // The config and notes first: a typo in them must not wait for the embedded service to start (or seed).
  const config = await loadConfig(opts.configPath, {
    ...(opts.profile !== undefined ? { profile: opts.profile } : {}),
    ...(opts.locale !== undefined ? { locale: opts.locale } : {}),
  }).catch((err: unknown) => {
    throw setupError(err);
  });
  const clients = await clientInputs(config, opts);
  const results = await withReportSession(connectReporting(opts, io), opts.formats, async (service) => {
    const selected = await projectsOf(service, opts);
    await drawChartsOnThreads(chartThreadsFor(Math.min(selected.length, extras.concurrency ?? 2)));
    // Many projects' emails go over pooled connections (docs/email.md, "Connections").
    if (selected.length > 1) sendOnPooledConnections();
    const period = await periodAt(service, opts.period);
    // Each email is claimed and recorded where the reports' reviews are, so a run again sends
    // nothing it sent (docs/jobs.md, "Exactly-once email"); a remote service without a database
    // to record in sends unrecorded, and says so.
    const ledger =
      extras.email === undefined
        ? undefined
        : await openWorkerLedger(service, ledgerLocation(opts), userInfo().username);
    if (extras.email !== undefined && !ledger)
      io.err(
        "vreport: the emails are not recorded (no --database or VREPORT_DATABASE beside --base-url): running this again sends them again",
      );
    const run: RunSpec<EmailOptions> = {
      period,
      formats: opts.formats,
      outDir: opts.outDir,
      render: {
        pageSize: opts.pageSize,
        landscape: opts.landscape,
        draft: opts.draft,
        accessible: opts.accessible,
      },
      ...(opts.answers !== undefined ? { answers: opts.answers } : {}),
      ...(extras.signal ? { signal: extras.signal } : {}),
      onWarning: (line: string) => io.err(line),
      ...(extras.email !== undefined
        ? { email: { options: extras.email, explicitFrom: extras.explicitFrom === true } }
        : {}),
    };
    const progress = createBatchProgress(io, extras.write);
    try {
      // Each client's plan (its own branding, sections, targets, notes and email, config
      // `projects`), made once: the batch writes its job, then sends it as its email says.
      return await runBatch(service.client, selected, (project) => planJob(project, clients(project), run), {
        ...(extras.signal ? { signal: extras.signal } : {}),
        ...(ledger ? { send: { deliveries: ledger.ledger } } : {}),
        onProgress: (e) => progress.onProgress(e),
        ...(extras.concurrency !== undefined ? { concurrency: extras.concurrency } : {}),
      });
    } finally {
      progress.finish();
      await ledger?.close();
    }
  });
  printBatchSummary(results, io);
  const failed = results.filter((r) => r.error);
  // One project: its own failure decides the exit code (auth 3, unreachable 4), as with any command.
  const only = results.length === 1 ? failed[0]?.error : undefined;
  if (only) throw setupError(only);
  if (failed.length > 0) {
    throw new CliError(
      `${failed.length} of ${results.length} projects failed: ${failed.map((r) => `${inline(r.project.name)} (${r.project.id})`).join(", ")}`,
      EXIT.failure,
    );
  }
  return results;
}

/**
 * Every notes file and change log the run may use (clientReports). One notes file or change log
 * for every client of an all-projects run is refused: one client's commentary or work must never
 * reach another (docs/notes.md, docs/changes.md).
 */
async function clientInputs(config: LoadedConfig, opts: GenerateOptions) {
  const shared = opts.allProjects ? oneClientsFile(config) : undefined;
  if (shared === "notes") throw notesForAll("the config file's notes");
  if (shared === "changes") throw changesForAll("the config file's changes");
  return clientReports(config, { notesPath: opts.notesPath, changesPath: opts.changesPath }).catch(
    (err: unknown) => {
      throw setupError(err);
    },
  );
}
