import { connect } from "node:net";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  type PostgresPool,
  PostgresQueryCompiler,
  type QueryExecutor,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";
import type pg from "pg";
import type { Store } from "../store/db.js";
import type { Database } from "../store/schema.js";
import type { ConnectionGate } from "./_connection-gate.js";
import { ApiError } from "./api-error.js";

/**
 * Refuses every query once the request's signal has fired: an abandoned request stops at its next
 * query, on either database (docs/api.md, "Load shedding": abandoned work).
 */
class StopWhenAborted implements KyselyPlugin {
  constructor(private readonly signal: AbortSignal) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.signal.aborted) throw ApiError.clientClosed();
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** PostgreSQL's CancelRequest code (protocol "Canceling Requests in Progress"). */
const CANCEL_REQUEST_CODE = 80877102;

/**
 * Asks the server to cancel what `client`'s backend is running, the way libpq's PQcancel does: a
 * 16-byte CancelRequest on a new connection, so no pool slot is needed when the pool is busy.
 * Best effort: a server that refuses it (e.g. one requiring TLS for every connection) still has
 * its connection closed by the caller, which ends the query when it next writes to the socket.
 */
function sendCancel(client: pg.PoolClient): void {
  const { processID, secretKey, host, port } = client as unknown as {
    processID: number | null;
    secretKey: number | null;
    host: string;
    port: number;
  };
  if (processID === null || secretKey === null) return;
  const message = Buffer.alloc(16);
  message.writeInt32BE(16, 0);
  message.writeInt32BE(CANCEL_REQUEST_CODE, 4);
  message.writeInt32BE(processID, 8);
  message.writeInt32BE(secretKey, 12);
  const socket = host.startsWith("/")
    ? connect({ path: `${host}/.s.PGSQL.${port}` })
    : connect({ port, host });
  socket.on("error", () => {});
  socket.end(message);
}

/**
 * The store's pg pool as one request sees it, each connection taken through `gate`: when the request's signal fires, every connection
 * it holds (each is running a query: Kysely holds one only for a query's duration outside
 * transactions) gets its query cancelled and is then closed instead of going back to the pool, so
 * a late cancel can never hit another request's query on a reused connection.
 */
function cancellingPool(pool: pg.Pool, signal: AbortSignal, gate?: ConnectionGate): PostgresPool {
  const held = new Set<pg.PoolClient>();
  const cancelled = new WeakSet<pg.PoolClient>();
  signal.addEventListener(
    "abort",
    () => {
      for (const client of held) {
        cancelled.add(client);
        sendCancel(client);
      }
    },
    { once: true },
  );
  return {
    async connect() {
      await gate?.enter(signal);
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        gate?.leave();
        throw error;
      }
      if (signal.aborted) {
        client.release();
        gate?.leave();
        throw ApiError.clientClosed();
      }
      held.add(client);
      return {
        query: ((text: string, values: unknown[]) => client.query(text, values)) as never,
        release: () => {
          held.delete(client);
          client.release(cancelled.has(client));
          gate?.leave();
        },
      };
    },
    // The store owns the pool; a request's view never ends it.
    end: async () => {},
  };
}

/**
 * The store's own connection (PGlite has one), lent to one request a query or a transaction at a
 * time and checked when it is granted: queries an abandoned request had already queued behind
 * other requests' are skipped when their turn comes instead of run for nobody. The store's driver
 * still serializes every use of the session, so transactions stay whole.
 */
class LentConnections implements Driver {
  private readonly releases = new Map<DatabaseConnection, () => void>();

  constructor(
    private readonly executor: QueryExecutor,
    private readonly signal: AbortSignal,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    // PGlite runs each query synchronously in this thread, and a request's next query follows as
    // a microtask: without a turn of the event loop between queries, requests that arrive during
    // expensive work are not even read until it ends, so they can be neither queued nor shed.
    await new Promise((resume) => setImmediate(resume));
    return new Promise((resolve, reject) => {
      this.executor
        .provideConnection(
          (connection) =>
            new Promise<void>((released) => {
              if (this.signal.aborted) {
                released();
                reject(ApiError.clientClosed());
                return;
              }
              this.releases.set(connection, released);
              resolve(connection);
            }),
        )
        .catch(reject);
    });
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin"));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.releases.get(connection);
    this.releases.delete(connection);
    release?.();
  }

  // The store owns its driver; a request's view never destroys it.
  async destroy(): Promise<void> {}
}

/**
 * The store a request's handler uses in the expensive lane: the same database, but its queries
 * stop once `signal` fires (client gone). On PostgreSQL the running queries are cancelled too; on
 * PGlite, whose queries run one at a time in this thread, the request stops before its next one,
 * including queries it had already queued.
 * `gate` bounds the PostgreSQL connections all expensive requests hold together.
 */
export function abortableStore(store: Store, signal: AbortSignal, gate?: ConnectionGate): Store {
  const plugin = new StopWhenAborted(signal);
  const dialect = store.pool
    ? new PostgresDialect({ pool: cancellingPool(store.pool, signal, gate) })
    : {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new LentConnections(store.db.getExecutor(), signal),
        createQueryCompiler: () => new PostgresQueryCompiler(),
        createIntrospector: (db: Kysely<unknown>) => new PostgresIntrospector(db),
      };
  const db = new Kysely<Database>({ dialect, plugins: [plugin] });
  return { ...store, db };
}
