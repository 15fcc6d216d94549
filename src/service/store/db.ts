/**
 * Opening the store: PGlite (embedded, a directory or memory://) or a PostgreSQL server
 * (postgres:// or postgresql://), behind one Store (drivers/driver.ts). Both drivers are
 * configured to return the same JS types: int8/numeric → number, date → "YYYY-MM-DD",
 * timestamptz → Date.
 */
import type { OpenStoreOptions, Store } from "./drivers/driver.js";
import { driverFor } from "./drivers/registry.js";
import { StoreError } from "./errors.js";
import { migrate } from "./migrations/index.js";

export type { OpenStoreOptions, Store } from "./drivers/driver.js";
export { printableLocation } from "./drivers/registry.js";

/** Default PGlite directory, relative to the current directory. */
export const DEFAULT_DATABASE_DIR = ".vreport/db";

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

/** Opens (creating if needed) and migrates the store at `location`, with the driver that handles it. */
export async function openStore(location: string, options: OpenStoreOptions = {}): Promise<Store> {
  const { migrate: migrating, ...open } = options;
  const store = await (await driverFor(location).load()).open(location, open);
  if (migrating !== false) {
    try {
      await migrate(store.db);
    } catch (error) {
      await store.close();
      // A server driver connects on the first query: a server that does not answer surfaces here.
      const down = unreachableCode(error);
      if (down)
        throw new StoreError("UNREACHABLE", `the database server is unreachable (${down})`, { cause: error });
      throw error;
    }
  }
  return store;
}

/**
 * Coerces a driver value to a number. Both drivers already return int8/numeric as numbers (see
 * above); this is for values that may come through other paths (raw JSON aggregates, null sums).
 */
export function num(value: unknown): number {
  if (value === null || value === undefined) return 0;
  return typeof value === "number" ? value : Number(value);
}
