import type pg from "pg";
import { mayWrite } from "../may-write.js";

/** The channel migration 008's trigger notifies on every statement that changes `projects`. */
export const PROJECTS_CHANNEL = "vreport_projects";

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

/** A count that moves whenever a project row may have changed, or undefined while that is unknown. */
export interface PgWriteEpoch {
  epoch(): number | undefined;
  close(): Promise<void>;
}

/**
 * The PostgreSQL counterpart of PGlite's write count (drivers/pglite/write-epoch.ts), for the service's
 * project lookups (http/_project.ts): it moves before and after every statement of this process
 * that may write, and on every notification of migration 008's trigger, which other processes'
 * changes to `projects` send at their commit. A project row read while it stood still is current,
 * up to the notification's delivery (milliseconds) for another process's change.
 *
 * The listening connection opens on the first call of `epoch()` (commands that never look a
 * project up never open it). Until it listens, and whenever it is lost, `epoch()` is undefined and
 * callers read the database every time; a new connection moves the count, since changes may have
 * been missed meanwhile, and is retried from 0.5 s up to every 30 s.
 */
export function pgWriteEpoch(pool: pg.Pool, newClient: () => pg.Client): PgWriteEpoch {
  let count = 0;
  const bump = () => {
    count++;
  };
  trackPoolWrites(pool, bump);

  let listener: pg.Client | undefined;
  let listening = false;
  let started = false;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let retry: NodeJS.Timeout | undefined;

  const lost = (client: pg.Client) => {
    if (listener !== client) return;
    listener = undefined;
    listening = false;
    client.removeAllListeners("notification");
    client.end().catch(() => {});
    if (closed) return;
    retry = setTimeout(listen, retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };
  const listen = () => {
    retry = undefined;
    const client = newClient();
    listener = client;
    // An 'error' on an idle client (the server restarted, an administrator's terminate) would
    // crash the process without a listener.
    client.on("error", () => lost(client));
    client.on("end", () => lost(client));
    client.on("notification", bump);
    client
      .connect()
      .then(() => client.query(`LISTEN ${PROJECTS_CHANNEL}`))
      .then(() => {
        if (listener !== client) return;
        bump();
        listening = true;
        retryMs = RETRY_FIRST_MS;
      })
      .catch(() => lost(client));
  };

  return {
    epoch() {
      if (!started && !closed) {
        started = true;
        listen();
      }
      return listening ? count : undefined;
    },
    async close() {
      closed = true;
      listening = false;
      if (retry) clearTimeout(retry);
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
    },
  };
}

/**
 * Moves the count before and after every statement of the pool's connections that may write: a
 * read that began before a write finished never keeps what it read under the count it began with.
 */
function trackPoolWrites(pool: pg.Pool, bump: () => void): void {
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const first = args[0];
      const text = typeof first === "string" ? first : (first as { text?: unknown } | null)?.text;
      if (typeof text === "string" && !mayWrite(text)) return query(...args);
      bump();
      const result = query(...args);
      if (result instanceof Promise) result.then(bump, bump);
      return result;
    }) as typeof client.query;
  });
}
