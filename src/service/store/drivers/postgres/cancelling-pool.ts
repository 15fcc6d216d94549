import { connect } from "node:net";
import type { PostgresPool } from "kysely";
import type pg from "pg";
import type { AbortableOptions } from "../driver.js";

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
export function cancellingPool(
  pool: pg.Pool,
  signal: AbortSignal,
  { gate, refuse }: AbortableOptions,
): PostgresPool {
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
        throw refuse();
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
