/** The service's public entry: start the HTTP API over a store location. */

import { type AdminChannel, type AdminOperations, startAdminChannel } from "./admin/index.js";
import type { LoggerConfig } from "./http/_logger.js";
import type { RateLimitConfig } from "./http/_rate-limit.js";
import type { ResponseCacheConfig } from "./http/_response-cache.js";
import { createApp } from "./http/app.js";
import { openStore } from "./store/db.js";
import { type DispatcherOptions, startDispatcher } from "./webhooks/index.js";

export { type AppOptions, createApp } from "./http/app.js";

export interface StartServerOptions {
  /** PGlite directory, `memory://`, or a postgres:// URL. */
  database: string;
  port?: number;
  host?: string;
  now?: () => Date;
  logger?: LoggerConfig;
  rateLimit?: Partial<RateLimitConfig> | false;
  /** The analytics response cache (see AppOptions.cache). */
  cache?: Partial<ResponseCacheConfig> | false;
  /** Public origin for pagination links (see AppOptions.publicUrl). */
  publicUrl?: string;
  /** Webhook delivery runs inside the server unless `false` (then run `vreport deliver`). */
  webhooks?: DispatcherOptions | false;
  /**
   * With a PGlite directory: the operations other processes may ask for over the loopback admin
   * channel while this server holds the directory (admin/server.ts, docs/api.md "Admin channel").
   */
  admin?: AdminOperations;
}

export interface RunningServer {
  /** Origin the server listens on (`http://127.0.0.1:8787`); the API is under `/core/api/external/v1`. */
  url: string;
  /** `url` + the v1 prefix: what clients take as their base URL. */
  baseUrl: string;
  port: number;
  /** Stops listening, then closes the store (releasing the PGlite lock). Idempotent. */
  close(): Promise<void>;
}

/** Opens (and migrates) the store, builds the app and listens; seeds nothing. */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const store = await openStore(options.database);
  const app = createApp({
    store,
    ...(options.now ? { now: options.now } : {}),
    logger: options.logger ?? false,
    ...(options.rateLimit !== undefined ? { rateLimit: options.rateLimit } : {}),
    ...(options.cache !== undefined ? { cache: options.cache } : {}),
    ...(options.publicUrl !== undefined ? { publicUrl: options.publicUrl } : {}),
  });
  try {
    await app.listen({ port: options.port ?? 8787, host: options.host ?? "127.0.0.1" });
  } catch (error) {
    await app.close().catch(() => {});
    await store.close();
    throw error;
  }
  let admin: AdminChannel | undefined;
  // Other processes cannot open a database this one holds locked (a PGlite directory): they ask
  // this server over the admin channel. A PostgreSQL server they open themselves.
  if (options.admin && store.lockedDirectory !== undefined) {
    try {
      admin = await startAdminChannel(store, store.lockedDirectory, options.admin);
    } catch (error) {
      await app.close().catch(() => {});
      await store.close();
      throw error;
    }
  }
  const dispatcher = options.webhooks === false ? undefined : startDispatcher(store, options.webhooks ?? {});
  const address = app.server.address();
  const port = typeof address === "object" && address !== null ? address.port : (options.port ?? 8787);
  const host = options.host ?? "127.0.0.1";
  const urlHost = host.includes(":") ? `[${host}]` : host === "0.0.0.0" ? "127.0.0.1" : host;
  const url = `http://${urlHost}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    baseUrl: `${url}/core/api/external/v1`,
    port,
    close() {
      closing ??= (async () => {
        try {
          await admin?.close();
          await dispatcher?.stop();
          await app.close();
        } finally {
          await store.close();
        }
      })();
      return closing;
    },
  };
}
