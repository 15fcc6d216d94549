import type { Command } from "commander";
import { connectRedis } from "../../jobs/redis.js";
import { type RunningServer, startServer } from "../../service/index.js";
import { printableLocation, resolveDatabaseLocation } from "../../service/store/db.js";
import { DatabaseLockedError } from "../../service/store/errors.js";
import type { DispatcherOptions } from "../../service/webhooks/index.js";
import { WRITE_OPERATIONS } from "../admin-operations.js";
import { CliError, EXIT } from "../errors.js";
import { examples } from "../examples.js";
import { processIo } from "../io.js";
import { databaseOption } from "../options.js";
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
  try {
    server = await startServer({
      ...(redis ? { rateLimit: { redis }, cache: { redis } } : {}),
      database,
      port: opts.port ?? 8787,
      host: opts.host ?? "127.0.0.1",
      ...(now ? { now } : {}),
      ...(opts.webhooks ? { webhooks: opts.webhooks } : {}),
      ...(opts.publicUrl !== undefined ? { publicUrl: opts.publicUrl } : {}),
      logger: { level: "warn" },
      // Other processes' write commands, over a loopback channel (a PGlite directory only).
      admin: WRITE_OPERATIONS,
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
  if (!redis) return server;
  const close = server.close.bind(server);
  return {
    ...server,
    close: async () => {
      await close();
      redis.disconnect();
    },
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
    .addHelpText(
      "after",
      examples(
        "vreport serve",
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
      } & WebhookFlags,
    ) => {
      const publicUrl = flags.publicUrl ?? process.env.VREPORT_PUBLIC_URL;
      const server = await serveCommand({
        port: parsePort(flags.port),
        host: flags.host,
        webhooks: parseWebhookFlags(flags),
        ...(flags.database !== undefined ? { database: flags.database } : {}),
        ...(flags.asOf !== undefined ? { asOf: parseAsOf(flags.asOf) } : {}),
        ...(publicUrl ? { publicUrl: parsePublicUrl(publicUrl) } : {}),
      });
      await waitForStop();
      await server.close();
    },
  );
}
