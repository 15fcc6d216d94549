/**
 * Opening the store: PGlite (embedded, a directory or memory://) or a PostgreSQL server
 * (postgres:// or postgresql://), behind one Kysely<Database>. Both drivers are configured to return
 * the same JS types: int8/numeric → number, date → "YYYY-MM-DD", timestamptz → Date.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import type pg from "pg";
import { pgWriteEpoch } from "./_pg-write-epoch.js";
import { trackWrites } from "./_write-epoch.js";
import { StoreError } from "./errors.js";
import { acquireLock, type DirectoryLock } from "./lock.js";
import { migrate } from "./migrations/index.js";
import type { Database } from "./schema.js";

/** Default PGlite directory, relative to the current directory. */
export const DEFAULT_DATABASE_DIR = ".vreport/db";
/** In-memory PGlite, for tests: a database of its own on every open, so never locked. */
const MEMORY_LOCATION = "memory://";

/** An open store. `pglite`/`pool` expose the driver for bulk loading; prefer `db` everywhere else. */
export interface Store {
  db: Kysely<Database>;
  kind: "pglite" | "postgres";
  /** The location as given (a URL's password is not redacted: never log it). */
  location: string;
  pglite?: PGlite;
  pool?: pg.Pool;
  /**
   * Moves whenever a project row may have changed: on PGlite every statement that may write
   * (store/_write-epoch.ts); on PostgreSQL this process's writes and the notifications of other
   * processes' changes to projects (store/_pg-write-epoch.ts), undefined while not listening.
   * Project rows read while it stands still are current, so they may be kept until it moves.
   */
  writeEpoch?: () => number | undefined;
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  /** Run pending migrations (default true). */
  migrate?: boolean;
  /**
   * PGlite only: start from this data directory tarball (PGlite's `dumpDataDir`) instead of an
   * empty database. The test suite copies a migrated or seeded database this way in well under
   * a second instead of migrating and seeding again (test/global-setup.ts).
   */
  loadDataDir?: Blob;
  /**
   * PGlite only: PostgreSQL's shared buffers, in MB (default PostgreSQL's 128). PGlite allocates
   * and clears them inside its WebAssembly memory at every start, 0.3-0.4 s for 128 MB on this
   * project's machines: a short-lived process that runs one report's queries starts faster with
   * fewer (docs/decisions.md, "Short-lived PGlite").
   */
  sharedBuffersMb?: number;
}

const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const toNumber = (value: string): number => Number(value);
const keepString = (value: string): string => value;

/** Whether a location names a PostgreSQL server rather than a PGlite directory. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

/** The database location: the `--database` flag, else env VREPORT_DATABASE, else `.vreport/db`. */
export function resolveDatabaseLocation(flag?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (flag !== undefined && flag !== "") return flag;
  const fromEnv = env.VREPORT_DATABASE;
  if (fromEnv !== undefined && fromEnv !== "") return fromEnv;
  return DEFAULT_DATABASE_DIR;
}

// Socket errors that mean "nothing answers there".
const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ETIMEDOUT", "EAI_AGAIN"]);

/** The socket error code of `err` or of one of its causes (pg may wrap it), when nothing answered. */
function unreachableCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== undefined && UNREACHABLE.has(code)) return code;
  }
  return undefined;
}

/** A database location fit to print: a postgres:// URL's password becomes `***`. */
export function printableLocation(location: string): string {
  return location.replace(/^(postgres(?:ql)?:\/\/[^:@/]*):[^@/]*@/i, "$1:***@");
}

/** Opens (creating if needed) and migrates the store at `location`. */
export async function openStore(location: string, options: OpenStoreOptions = {}): Promise<Store> {
  const store = isPostgresUrl(location) ? await openPostgres(location) : await openPglite(location, options);
  if (options.migrate !== false) {
    try {
      await migrate(store.db);
    } catch (error) {
      await store.close();
      // pg connects on the first query: a server that does not answer surfaces here.
      const down = unreachableCode(error);
      if (down)
        throw new StoreError("UNREACHABLE", `the database server is unreachable (${down})`, { cause: error });
      throw error;
    }
  }
  return store;
}

// Each driver is loaded only when a store of its kind is opened: a PGlite run never loads pg.
async function openPostgres(location: string): Promise<Store> {
  const { default: pg } = await import("pg");
  // Per-pool parsers rather than pg.types.setTypeParser, so other pg users in the process are unaffected.
  const types = {
    getTypeParser(oid: number, format?: "text" | "binary") {
      if (oid === INT8 || oid === NUMERIC) return toNumber;
      if (oid === DATE) return keepString;
      return pg.types.getTypeParser(oid, format ?? "text");
    },
  } as pg.CustomTypesConfig;
  const pool = new pg.Pool({ ...sessionOptions(location), types, max: 10 });
  // An idle connection the server ends (a restart, a failover, an administrator's terminate) is
  // an 'error' event on the pool; without a listener it would crash the process. The pool drops
  // that client and the next query opens a new one; a query in flight still gets its own error.
  pool.on("error", () => {});
  const changes = pgWriteEpoch(pool, () => new pg.Client(sessionOptions(location)));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: "postgres",
    location,
    pool,
    writeEpoch: changes.epoch,
    async close() {
      await changes.close();
      await db.destroy();
    },
  };
}

/**
 * The connection string and the sessions' startup options. JIT is off: the service's analytics
 * queries are short and many, and compiling them cost more than it saved (the per-prompt cells on
 * scale 10: about 4.5 s of 10 s with JIT). The URL's own `options` (a search_path, or `-c jit=on`
 * to have it back) come after ours and win; pg would otherwise let them replace ours entirely.
 */
function sessionOptions(location: string): { connectionString: string; options: string } {
  const url = new URL(location);
  const own = url.searchParams.get("options");
  url.searchParams.delete("options");
  return { connectionString: url.toString(), options: ["-c jit=off", own].filter(Boolean).join(" ") };
}

async function openPglite(
  location: string,
  { loadDataDir, sharedBuffersMb }: Pick<OpenStoreOptions, "loadDataDir" | "sharedBuffersMb">,
): Promise<Store> {
  const inMemory = location.startsWith(MEMORY_LOCATION);
  let lock: DirectoryLock | undefined;
  let dataDir: string | undefined;
  if (!inMemory) {
    dataDir = resolve(location.replace(/^file:\/\//, ""));
    lock = acquireLock(dataDir);
    mkdirSync(dataDir, { recursive: true });
  }
  let pglite: PGlite;
  const [{ PGlite }, { PGliteDialect }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("kysely-pglite-dialect"),
  ]);
  try {
    pglite = new PGlite(dataDir ?? MEMORY_LOCATION, {
      parsers: { [INT8]: toNumber, [NUMERIC]: toNumber, [DATE]: keepString },
      ...(loadDataDir ? { loadDataDir } : {}),
      ...(sharedBuffersMb !== undefined
        ? { startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffersMb}MB`] }
        : {}),
    });
    await pglite.waitReady;
  } catch (cause) {
    lock?.release();
    throw new StoreError("OPEN_FAILED", `cannot open database ${location}: ${String(cause)}`, { cause });
  }
  const writeEpoch = trackWrites(pglite);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  let closed = false;
  return {
    db,
    kind: "pglite",
    location,
    pglite,
    writeEpoch,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await db.destroy();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * Coerces a driver value to a number. Both drivers already return int8/numeric as numbers (see
 * above); this is for values that may come through other paths (raw JSON aggregates, null sums).
 */
export function num(value: unknown): number {
  if (value === null || value === undefined) return 0;
  return typeof value === "number" ? value : Number(value);
}
