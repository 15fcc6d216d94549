import { createClient } from "../client/index.js";
import type { ServiceConnection } from "../jobs/service-connection.js";
import { startEmbedded } from "../service/embedded.js";
import type { StoredProject } from "../service/embedded-workspace.js";
import { printableLocation, resolveDatabaseLocation, type Store } from "../service/store/db.js";
import type { ApiKeyFlags } from "./api-key.js";
import type { Io } from "./io.js";
import { serviceFlags } from "./options.js";

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
  /** Embedded only: the project reported on; the service reads the workspace that holds it. */
  project?: string;
}

/** Service options from flags, then `VREPORT_BASE_URL` / `VREPORT_API_KEY`, checked (`serviceFlags`). */
export function serviceOptionsFrom(
  flags: ApiKeyFlags & { baseUrl?: string; database?: string; asOf?: string },
  env: NodeJS.ProcessEnv = process.env,
): ServiceOptions {
  return {
    ...serviceFlags(flags, env),
    ...(flags.database !== undefined ? { database: flags.database } : {}),
    ...(flags.asOf !== undefined ? { asOf: flags.asOf } : {}),
  };
}

/** A connected service; an embedded one also lists every project of its database. */
export interface CliServiceConnection extends ServiceConnection {
  /** Embedded only: every project of the database, whichever workspace holds it. */
  embeddedProjects?: StoredProject[];
  /** Embedded only: the store it serves from, for the CLI's own records (the worker's delivery ledger). */
  store?: Store;
}

/**
 * Connects to the real service when a base URL is given, else starts the embedded demo service
 * (PGlite allows one process per directory: several workers need a real service or PostgreSQL).
 */
export async function connectService(options: ServiceOptions): Promise<CliServiceConnection> {
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
    ...(options.project !== undefined ? { project: options.project } : {}),
  });
  return {
    client: createClient({ baseUrl: embedded.baseUrl, apiKey: embedded.apiKey }),
    baseUrl: embedded.baseUrl,
    embeddedDatabase: embedded.database,
    embeddedProjects: embedded.projects,
    asOf: embedded.asOf,
    store: embedded.store,
    clientFor: (baseUrl) => createClient({ baseUrl, apiKey: options.apiKey ?? "" }),
    close: () => embedded.close(),
  };
}

/**
 * `connectService` for a command that prints: without a base URL it says on stderr which local
 * database it serves (and, when that is empty and the demo must be seeded into it, that this takes
 * a while), so a read command run without `--base-url` answers from the local database (the demo,
 * or the clients imported into it) as `generate` does instead of failing.
 */
export async function connectOrDemo(
  options: ServiceOptions,
  io: Pick<Io, "err">,
): Promise<CliServiceConnection> {
  if (options.baseUrl === undefined) {
    io.err(
      `vreport: no --base-url given: serving the local database ${printableLocation(resolveDatabaseLocation(options.database))} on loopback`,
    );
  }
  return connectService({ ...options, onSeed: seedNotice(io) });
}

/** The line printed before the embedded demo is seeded: the first run is quiet for tens of seconds otherwise. */
export function seedNotice(io: Pick<Io, "err">): (info: { database: string; asOf: string }) => void {
  return ({ database, asOf }) =>
    io.err(
      `vreport: seeding the demo workspace as of ${asOf} into ${printableLocation(database)} (about 30 s, longer on a busy machine)…`,
    );
}
