import { createClient } from "../client/index.js";
import type { ServiceConnection } from "../jobs/service-connection.js";
import { startEmbedded } from "../service/embedded.js";
import { type ApiKeyFlags, apiKeyFrom } from "./api-key.js";

/** How to reach the report service: a real one (URL + key) or the embedded demo. */
export interface ServiceOptions {
  baseUrl?: string;
  apiKey?: string;
  /** Embedded demo only: PGlite directory or postgres:// URL. */
  database?: string;
  /** Embedded demo only: the as-of day. */
  asOf?: string;
  /** Embedded demo only: told before the demo is (re)seeded, which takes tens of seconds. */
  onSeed?: (info: { database: string; asOf: string }) => void;
}

/** Service options from flags, then `VREPORT_BASE_URL` / `VREPORT_API_KEY`. */
export function serviceOptionsFrom(
  flags: ApiKeyFlags & { baseUrl?: string; database?: string; asOf?: string },
  env: NodeJS.ProcessEnv = process.env,
): ServiceOptions {
  const baseUrl = flags.baseUrl ?? env.VREPORT_BASE_URL;
  const apiKey = apiKeyFrom(flags, env);
  return {
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(apiKey !== undefined ? { apiKey } : {}),
    ...(flags.database !== undefined ? { database: flags.database } : {}),
    ...(flags.asOf !== undefined ? { asOf: flags.asOf } : {}),
  };
}

/**
 * Connects to the real service when a base URL is given, else starts the embedded demo service
 * (PGlite allows one process per directory: several workers need a real service or PostgreSQL).
 */
export async function connectService(options: ServiceOptions): Promise<ServiceConnection> {
  if (options.baseUrl !== undefined) {
    const apiKey = options.apiKey ?? "";
    return {
      client: createClient({ baseUrl: options.baseUrl, apiKey }),
      baseUrl: options.baseUrl,
      clientFor: (baseUrl) => createClient({ baseUrl, apiKey }),
      close: async () => {},
    };
  }
  const embedded = await startEmbedded({
    ...(options.database !== undefined ? { database: options.database } : {}),
    ...(options.asOf !== undefined ? { asOf: options.asOf } : {}),
    ...(options.onSeed ? { onSeed: options.onSeed } : {}),
  });
  return {
    client: createClient({ baseUrl: embedded.baseUrl, apiKey: embedded.apiKey }),
    baseUrl: embedded.baseUrl,
    embeddedDatabase: embedded.database,
    asOf: embedded.asOf,
    clientFor: (baseUrl) => createClient({ baseUrl, apiKey: options.apiKey ?? "" }),
    close: () => embedded.close(),
  };
}
