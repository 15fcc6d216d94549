import { once } from "node:events";
import { existsSync } from "node:fs";
import type { Command } from "commander";
import { DEFAULT_CONFIG, type LoadedConfig } from "../../config/load-config.js";
import { withoutPassword } from "../../contract/url.js";
import { sendOnPooledConnections } from "../../email/smtp-pool.js";
import { DEFAULT_LEASE_MS } from "../../jobs/deliver-once.js";
import { QUEUE_NAME } from "../../jobs/job-data.js";
import type { ProcessorContext } from "../../jobs/process-job.js";
import { redisUrlFrom } from "../../jobs/redis.js";
import { withReportSession } from "../../jobs/report-session.js";
import { startReportWorker } from "../../jobs/worker.js";
import { clientReports, oneClientsFile } from "../../pipeline/client-reports.js";
import { chartThreadsFor, drawChartsOnThreads } from "../../render/charts/threads.js";
import { connectService, serviceOptionsFrom } from "../connect-service.js";
import { type EmailFlags, parseEmailSettings } from "../email-flags.js";
import { CliError, EXIT } from "../errors.js";
import { examples } from "../examples.js";
import { parseCount, parseDay, parsePositiveInt, parseRetry, type QueueFlags } from "../flags.js";
import { processIo } from "../io.js";
import { LiveConfig } from "../live-config.js";
import {
  apiKeyFileOption,
  apiKeyOption,
  baseUrlOption,
  databaseOption,
  demoAsOfOption,
  queuePrefixOption,
  redisUrlOption,
} from "../options.js";
import { holdRecorder, reviewGate } from "../review-gate.js";
import { toCliError } from "../to-cli-error.js";
import { checkLedgerFor, ledgerLocation, openWorkerLedger, type WorkerLedger } from "../worker-ledger.js";

/** Raw flags of `vreport worker`. */
export interface WorkerFlags extends QueueFlags, Omit<EmailFlags, "email"> {
  concurrency?: string;
  chartThreads?: string;
  baseUrl?: string;
  apiKey?: string;
  apiKeyFile?: string;
  database?: string;
  asOf?: string;
  config?: string;
  lockDuration?: string;
  stalledInterval?: string;
  attempts?: string;
  backoff?: string;
  deliveryLease?: string;
}

/** How a worker run is observed and stopped (the CLI wires SIGTERM/SIGINT; tests pass a signal). */
export interface WorkerRun {
  log?: (line: string) => void;
  /** Aborting stops taking jobs, lets the active ones finish, then returns. */
  signal?: AbortSignal;
  /** Called once the worker is consuming (tests wait for it). */
  onReady?: () => void;
}

/**
 * `vreport worker`: consumes report jobs until the signal aborts, then lets the jobs in progress
 * finish before closing. Reads from VREPORT_BASE_URL/VREPORT_API_KEY, else the embedded demo
 * (PGlite: one process per directory, so several workers need a real service or PostgreSQL).
 */
export async function workerCommand(flags: WorkerFlags, run: WorkerRun = {}): Promise<void> {
  const log = run.log ?? ((l: string) => processIo.out(`vreport worker ${process.pid}: ${l}`));
  const concurrency = parsePositiveInt("--concurrency", flags.concurrency, 1);
  const chartThreads = parseCount("--chart-threads", flags.chartThreads, chartThreadsFor(concurrency));
  const lockDurationMs = parsePositiveInt("--lock-duration", flags.lockDuration, 30_000);
  const stalledIntervalMs = parsePositiveInt("--stalled-interval", flags.stalledInterval, 30_000);
  const deliveryLeaseMs = parsePositiveInt("--delivery-lease", flags.deliveryLease, DEFAULT_LEASE_MS);
  const retry = parseRetry(flags);
  const asOf = parseDay("--as-of", flags.asOf);
  const email = parseEmailSettings(flags);
  const serviceOptions = serviceOptionsFrom({ ...flags, ...(asOf !== undefined ? { asOf } : {}) });
  const redisUrl = redisUrlFrom(flags.redisUrl);
  const ledgerAt = ledgerLocation(flags);
  checkLedgerFor(email !== undefined, serviceOptions.baseUrl !== undefined, ledgerAt);
  try {
    // Read again before each job when the file or a change log it names changed (cli/live-config.ts).
    const live = await LiveConfig.open(flags.config, clientSettings);
    const connecting = connectService({
      ...serviceOptions,
      onSeed: ({ database, asOf }) => log(`seeding the demo workspace as of ${asOf} into ${database}…`),
    });
    // The worker loads each job's backends as they come; the session closes them with the service.
    await withReportSession(connecting, [], async (service) => {
      await drawChartsOnThreads(chartThreads);
      // A worker sends many emails: over pooled connections (docs/email.md, "Connections").
      sendOnPooledConnections();
      const deliveries = await openWorkerLedger(service, ledgerAt);
      try {
        const running = await startReportWorker(
          {
            redisUrl,
            concurrency,
            lockDurationMs,
            stalledIntervalMs,
            log,
            ...(flags.prefix !== undefined ? { prefix: flags.prefix } : {}),
          },
          {
            service,
            retry,
            clients: (project) => live.current.clients.clients(project),
            clientSchedule: (project) => live.current.clients.clientSchedule(project),
            refresh: () => live.refresh(),
            ...(email ? { email } : {}),
            ...(deliveries ? workerSending(deliveries, deliveryLeaseMs, flags.config, live, log) : {}),
          },
        );
        const source =
          service.embeddedDatabase !== undefined
            ? `the embedded demo (${service.embeddedDatabase})`
            : service.baseUrl;
        log(
          `consuming ${QUEUE_NAME} on ${withoutPassword(redisUrl)}${flags.prefix !== undefined ? ` (prefix ${flags.prefix})` : ""} (concurrency ${concurrency}) reading ${source}${email ? "; email on" : ""}${email && deliveries ? `, each send recorded in ${deliveries.where}` : ""}`,
        );
        run.onReady?.();
        if (run.signal && !run.signal.aborted) await once(run.signal, "abort");
        log("stopping: letting the current job(s) finish…");
        await running.close();
        log("stopped");
      } finally {
        await deliveries?.close();
      }
    });
  } catch (err) {
    throw toCliError(err);
  }
}

/**
 * How a worker with a delivery ledger sends, and where it records a report held for data. The
 * agency's clients are in its config file: their reports wait for review unless they skip it; a
 * worker without one has no client to review for (docs/review.md).
 */
function workerSending(
  deliveries: WorkerLedger,
  leaseMs: number,
  configPath: string | undefined,
  config: Pick<LoadedConfig, "forProject">,
  log: (line: string) => void,
): Pick<ProcessorContext, "send" | "onHeld"> {
  const send = { deliveries: deliveries.ledger, timing: { leaseMs } };
  if (!hasConfigFile(configPath)) return { send };
  return {
    send: { ...send, review: reviewGate(deliveries.reviews, config, deliveries.location) },
    onHeld: holdRecorder(deliveries.reviews, log),
  };
}

/** Whether the worker runs with the agency's config file (`--config`, else ./vreport.config.json). */
function hasConfigFile(path: string | undefined): boolean {
  return path !== undefined || existsSync(DEFAULT_CONFIG);
}

/** Wires `vreport worker`: SIGTERM/SIGINT finish the current jobs, a second signal exits at once. */
export function register(program: Command): void {
  program
    .command("worker")
    .description("Consume report jobs from the BullMQ queue on Redis (REDIS_URL)")
    .option("--concurrency <n>", "jobs processed at once by this process", "1")
    .option(
      "--chart-threads <n>",
      "threads drawing the reports' charts beside the main one; 0 draws them on it (default: 1 with --concurrency 2 or more, else 0)",
    )
    .addOption(redisUrlOption())
    .addOption(queuePrefixOption())
    .addOption(baseUrlOption())
    .addOption(apiKeyFileOption())
    .addOption(apiKeyOption())
    .addOption(databaseOption())
    .addOption(demoAsOfOption())
    .option("--config <file>", "branding config (default: ./vreport.config.json when present)")
    .option("--smtp-url <url>", "SMTP server for jobs with --email (env VREPORT_SMTP_URL)")
    .option("--email-from <address>", "sender of report emails (env VREPORT_EMAIL_FROM)")
    .option("--max-attachment-mb <mb>", "largest total attachment size per email", "10")
    .option("--attempts <n>", "tries of the jobs an all-projects job enqueues", "3")
    .option("--backoff <ms>", "first retry delay of those jobs in ms, doubling", "10000")
    .option("--lock-duration <ms>", "job lock time: a dead worker's job is retried after it", "30000")
    .option("--stalled-interval <ms>", "how often jobs of dead workers are looked for", "30000")
    .option(
      "--delivery-lease <ms>",
      "how long a claimed email stays another worker's after its worker stops renewing it",
      "60000",
    )
    .addHelpText(
      "after",
      examples(
        "vreport worker --concurrency 2 --base-url http://127.0.0.1:8787 --api-key-file key.txt",
        'vreport worker --redis-url redis://redis.internal:6379 --smtp-url smtp://127.0.0.1:2525 --email-from "Northwind <reports@northwind.example>"',
        "vreport worker --base-url http://127.0.0.1:8787 --api-key-file key.txt --database postgres://vreport@db.internal/vreport --smtp-url smtp://127.0.0.1:2525",
      ),
    )
    .action(async (flags: WorkerFlags) => {
      const controller = new AbortController();
      const stop = () => {
        if (controller.signal.aborted) process.exit(EXIT.failure);
        controller.abort();
      };
      process.on("SIGTERM", stop);
      process.on("SIGINT", stop);
      try {
        await workerCommand(flags, { signal: controller.signal });
      } finally {
        process.off("SIGTERM", stop);
        process.off("SIGINT", stop);
      }
    });
}

/** Each client's report settings and delivery slot, as a worker's jobs read them. */
type WorkerClients = Required<Pick<ProcessorContext, "clients" | "clientSchedule">>;

/**
 * Each client's own settings for the worker's jobs (config `projects`, docs/email.md): branding,
 * sections, targets, notes, change log and email, read before the worker starts and again when the
 * files change (cli/live-config.ts); each job's run
 * plan merges them with the job's own (pipeline/run-plan.ts). A worker renders every client's
 * reports, so one notes file or change log for all is refused.
 */
async function clientSettings(config: LoadedConfig): Promise<WorkerClients> {
  const what = oneClientsFile(config);
  if (what !== undefined)
    throw new CliError(
      `the config file's ${what}: a worker renders every client's reports; give each client its own ${what} in the config file's projects`,
      EXIT.usage,
    );
  const clients = await clientReports(config).catch((err: unknown) => {
    throw toCliError(err);
  });
  return {
    clients,
    clientSchedule: (project) => {
      const { schedule, timezone } = config.forProject(project);
      return { ...(schedule ? { schedule } : {}), ...(timezone ? { timezone } : {}) };
    },
  };
}
