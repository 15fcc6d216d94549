import type { Command } from "commander";
import type { Desk } from "../../desk/server.js";
import { connectRedis } from "../../jobs/redis.js";
import type { PeriodChoice } from "../../report/period-choice.js";
import { type RunningServer, startServer } from "../../service/index.js";
import { printableLocation, resolveDatabaseLocation } from "../../service/store/db.js";
import { DatabaseLockedError } from "../../service/store/errors.js";
import type { DispatcherOptions } from "../../service/webhooks/index.js";
import { WRITE_OPERATIONS } from "../admin-operations.js";
import { parseEmailSettings } from "../email-flags.js";
import { CliError, EXIT } from "../errors.js";
import { examples } from "../examples.js";
import { parseFormats, parsePositiveInt } from "../flags.js";
import { processIo } from "../io.js";
import { databaseOption } from "../options.js";
import { checkPeriodOver, parsePeriodFlags } from "../period-flags.js";
import { type DeskSetup, deskLinkOp, startServeDesk } from "../serve-desk.js";
import { toCliError } from "../to-cli-error.js";
import { addWebhookFlags, parseWebhookFlags, type WebhookFlags } from "./_webhook-flags.js";
import { waitForStop } from "./deliver.js";
import { parseAsOf } from "./seed.js";

/** Options of `vreport serve`. */
export interface ServeOptions {
  port?: number;
  host?: string;
  database?: string;
  /** Pins the clock's day (YYYY-MM-DD, noon UTC) so reports over a seeded demo stay stable. */
  asOf?: string;
  /** Public origin for pagination links, e.g. `https://api.example.com` behind a proxy. */
  publicUrl?: string;
  /** Webhook delivery tuning (timeout, retries, horizon) for the dispatcher the server runs. */
  webhooks?: DispatcherOptions;
  /** Runs the review desk beside the API on loopback (docs/review.md). */
  desk?: DeskSetup;
  /** Requests a minute each API key may make (docs/api.md, "Envelope and errors"); default 600. */
  rateLimit?: number;
}

/** Starts the API server and logs one line with its URL; the caller decides when to close it. */
export async function serveCommand(
  opts: ServeOptions,
  out: (line: string) => void = processIo.out,
): Promise<RunningServer> {
  const database = resolveDatabaseLocation(opts.database);
  const now = opts.asOf === undefined ? undefined : fixedClock(opts.asOf);
  // With REDIS_URL, every `serve` process on that Redis shares the rate limits and the response
  // cache (docs/api.md, "Extensions to v1").
  const redisUrl = process.env.REDIS_URL;
  const redis = redisUrl
    ? await connectRedis(redisUrl).catch((err: unknown) => Promise.reject(toCliError(err)))
    : undefined;
  let server: RunningServer;
  // Set once the desk runs: `vreport review desk` asks for a fresh sign-in link over the admin channel.
  let desk: Desk | undefined;
  try {
    server = await startServer({
      // Over the defaults (docs/api.md): what is not given here stays as it is.
      rateLimit: {
        ...(redis ? { redis } : {}),
        ...(opts.rateLimit !== undefined ? { max: opts.rateLimit } : {}),
      },
      ...(redis ? { cache: { redis } } : {}),
      database,
      port: opts.port ?? 8787,
      host: opts.host ?? "127.0.0.1",
      ...(now ? { now } : {}),
      ...(opts.webhooks ? { webhooks: opts.webhooks } : {}),
      ...(opts.publicUrl !== undefined ? { publicUrl: opts.publicUrl } : {}),
      logger: { level: "warn" },
      // Other processes' write commands, over a loopback channel (a PGlite directory only).
      admin: opts.desk ? { ...WRITE_OPERATIONS, "desk.link": deskLinkOp(() => desk) } : WRITE_OPERATIONS,
    });
  } catch (error) {
    redis?.disconnect();
    if (error instanceof DatabaseLockedError)
      throw new CliError(error.message, EXIT.failure, { cause: error });
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      throw new CliError(`port ${opts.port ?? 8787} is already in use (pass --port)`, EXIT.failure, {
        cause: error,
      });
    }
    throw error;
  }
  out(
    `vreport: serving ${server.baseUrl} (database ${printableLocation(database)}${redis ? "; rate limits and cache shared on Redis" : ""}); Ctrl-C to stop`,
  );
  desk = opts.desk
    ? await startServeDesk(server.baseUrl, database, {
        ...opts.desk,
        ...(opts.asOf !== undefined ? { asOf: opts.asOf } : {}),
      }).catch(async (error: unknown) => {
        await server.close();
        redis?.disconnect();
        throw toCliError(error);
      })
    : undefined;
  if (desk) out(`vreport: review desk at ${desk.signInUrl()} (loopback only; the link signs in once)`);
  const close = server.close.bind(server);
  return {
    ...server,
    close: async () => {
      await desk?.close();
      await close();
      redis?.disconnect();
    },
  };
}

/** Flags of `serve --desk`. */
interface DeskFlags {
  desk?: boolean;
  month?: string;
  period?: string;
  config?: string;
  deskFormats?: string;
  out?: string;
  smtpUrl?: string;
  emailFrom?: string;
  by?: string;
}

/** The desk's setup from `serve`'s flags: the cycle's period (default last month), config, formats, SMTP. */
export function parseDeskFlags(flags: DeskFlags, asOf: string | undefined): DeskSetup | undefined {
  if (!flags.desk) {
    const stray = (
      ["month", "period", "config", "deskFormats", "out", "smtpUrl", "emailFrom", "by"] as const
    ).find((f) => flags[f] !== undefined);
    if (stray !== undefined)
      throw new CliError(
        `--${stray.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} is a desk flag: add --desk`,
        EXIT.usage,
      );
    return undefined;
  }
  const email = parseEmailSettings(flags);
  const period: PeriodChoice =
    flags.month === undefined && flags.period === undefined
      ? { named: "last-month" }
      : parsePeriodFlags({
          ...(flags.month !== undefined ? { month: flags.month } : {}),
          ...(flags.period !== undefined ? { period: flags.period } : {}),
        });
  // A cycle is of a month that is over, as `generate --month` says (cli/period-flags.ts).
  checkPeriodOver(period, asOf);
  return {
    period,
    ...(flags.config !== undefined ? { configPath: flags.config } : {}),
    formats: parseFormats(flags.deskFormats ?? "pdf", "--desk-formats"),
    outDir: flags.out ?? "output",
    ...(email ? { email } : {}),
    ...(flags.by !== undefined ? { by: flags.by } : {}),
  };
}

/** A clock frozen at noon UTC of the as-of day (noon keeps the day the same in every timezone within ±11 h). */
function fixedClock(asOf: string): () => Date {
  const at = new Date(`${asOf}T12:00:00Z`);
  return () => at;
}

/** `--public-url`: an http(s) origin (scheme, host, optional port), written without a trailing slash. */
export function parsePublicUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {}
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.search || url.hash)
    throw CliError.badFlag("--public-url", value, "an http(s) origin such as https://api.example.com");
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/** `--port`: an integer 0–65535 (0 = any free port). */
export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535)
    throw CliError.badFlag("--port", value, "an integer from 0 to 65535");
  return port;
}

/** Wires `vreport serve`: runs until SIGINT/SIGTERM, then closes the server and the store. */
export function register(program: Command): void {
  const command = program
    .command("serve")
    .description("Run the External Read API v1 over the database (and deliver webhooks)")
    .option("--port <port>", "port to listen on", "8787")
    .option("--host <host>", "address to bind", "127.0.0.1")
    .addOption(databaseOption())
    .option("--as-of <date>", "pin the reporting day (YYYY-MM-DD); keys still expire by the real clock")
    .option(
      "--public-url <url>",
      "origin clients reach the service at, for pagination links (env VREPORT_PUBLIC_URL; default: the request's Host)",
    )
    .option("--rate-limit <n>", "requests a minute each API key may make (default 600)")
    .option("--desk", "also serve the review desk on 127.0.0.1 and print its one-time sign-in link")
    .option("--month <YYYY-MM>", "the desk's cycle: a calendar month (default: last month)")
    .option("--period <name>", "the desk's cycle: a named period such as last-month")
    .option(
      "--config <file>",
      "the desk's config file: clients, notes, email (default ./vreport.config.json)",
    )
    .option("--desk-formats <list>", "formats an approved report is emailed in (default pdf)")
    .option("--out <dir>", "where the desk writes the reports it sends (default ./output)")
    .option("--smtp-url <url>", "SMTP server the desk sends approved reports through (env VREPORT_SMTP_URL)")
    .option("--email-from <address>", "sender of the desk's emails (env VREPORT_EMAIL_FROM)")
    .option("--by <name>", "who approves and rejects at the desk, as recorded (default: your login name)")
    .addHelpText(
      "after",
      examples(
        "vreport serve",
        "vreport serve --desk --month 2026-10 --config vreport.config.json --smtp-url smtp://localhost:2525",
        "vreport serve --database ./mydata --port 8790 --as-of 2025-03-02",
        "vreport serve --host 0.0.0.0 --database postgres://vreport@db.internal/vreport --public-url https://reports.example.com",
      ),
    );
  addWebhookFlags(command).action(
    async (
      flags: {
        port: string;
        host: string;
        database?: string;
        asOf?: string;
        publicUrl?: string;
        rateLimit?: string;
      } & WebhookFlags &
        DeskFlags,
    ) => {
      const asOf = flags.asOf !== undefined ? parseAsOf(flags.asOf) : undefined;
      const desk = parseDeskFlags(flags, asOf);
      const publicUrl = flags.publicUrl ?? process.env.VREPORT_PUBLIC_URL;
      const server = await serveCommand({
        port: parsePort(flags.port),
        host: flags.host,
        webhooks: parseWebhookFlags(flags),
        ...(flags.database !== undefined ? { database: flags.database } : {}),
        ...(asOf !== undefined ? { asOf } : {}),
        ...(publicUrl ? { publicUrl: parsePublicUrl(publicUrl) } : {}),
        ...(desk ? { desk } : {}),
        ...(flags.rateLimit !== undefined
          ? { rateLimit: parsePositiveInt("--rate-limit", flags.rateLimit, 600) }
          : {}),
      });
      await waitForStop();
      // As the worker does: said before the requests in flight, the desk and its browser are closed.
      processIo.err("vreport: stopping: finishing the requests in flight…");
      await server.close();
      processIo.err("vreport: stopped");
    },
  );
}
