import { Kysely, PostgresDialect } from "kysely";
import type pg from "pg";
import type { Database } from "../../schema.js";
import type { BulkTransaction, Store, StoreDriver } from "../driver.js";
import { DATE, INT8, keepString, NUMERIC, toNumber } from "../pg-types.js";
import { cancellingPool } from "./cancelling-pool.js";
import { copyFromStdin } from "./copy.js";
import { pgWriteEpoch } from "./write-epoch.js";

/** Connections of the pool: the service keeps a few for cheap requests (http/_connection-gate.ts). */
const POOL_SIZE = 10;

/** An open PostgreSQL store; `pool` is for this folder and for tests that watch its connections. */
export interface PostgresStore extends Store {
  readonly pool: pg.Pool;
}

export const driver: StoreDriver = {
  async open(location): Promise<PostgresStore> {
    const { default: pg } = await import("pg");
    // Per-pool parsers rather than pg.types.setTypeParser, so other pg users in the process are unaffected.
    const types = {
      getTypeParser(oid: number, format?: "text" | "binary") {
        if (oid === INT8 || oid === NUMERIC) return toNumber;
        if (oid === DATE) return keepString;
        return pg.types.getTypeParser(oid, format ?? "text");
      },
    } as pg.CustomTypesConfig;
    const pool = new pg.Pool({ ...sessionOptions(location), types, max: POOL_SIZE });
    // An idle connection the server ends (a restart, a failover, an administrator's terminate) is
    // an 'error' event on the pool; without a listener it would crash the process. The pool drops
    // that client and the next query opens a new one; a query in flight still gets its own error.
    pool.on("error", () => {});
    const changes = pgWriteEpoch(pool, () => new pg.Client(sessionOptions(location)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      location,
      pool,
      capacity: { connections: POOL_SIZE, inProcess: false },
      writeEpoch: changes.epoch,
      abortable: (signal, options) =>
        new Kysely<Database>({
          dialect: new PostgresDialect({ pool: cancellingPool(pool, signal, options) }),
        }),
      bulk: (fn) => inOneTransaction(pool, fn),
      async close() {
        await changes.close();
        await db.destroy();
      },
    };
  },
};

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

/** `fn` in one transaction on one connection of the pool, with `COPY … FROM STDIN` into it. */
async function inOneTransaction<T>(pool: pg.Pool, fn: (session: BulkTransaction) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A Kysely bound to this one client, so queries and COPY share the transaction.
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: {
        connect: async () => ({ query: client.query.bind(client), release() {} }),
        end: async () => {},
      },
    }),
  });
  try {
    await client.query("BEGIN");
    const result = await fn({
      db,
      copy: (target, text) => copyFromStdin(client, `COPY ${target} FROM STDIN`, text),
    });
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
    await db.destroy();
  }
}
