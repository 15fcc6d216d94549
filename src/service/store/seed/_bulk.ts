/**
 * Bulk loading for the seed: ~130k answers and ~300k citations must load in seconds. Both drivers
 * use COPY in text format (the fastest path into PostgreSQL):
 * - PGlite: `COPY … FROM '/dev/blob'` on the single PGlite session;
 * - PostgreSQL: `COPY … FROM STDIN` driven through pg's submittable-query hooks (see _pg-copy.ts).
 * A session is one transaction on one connection, so COPY and Kysely queries see each other's rows
 * and a failure rolls everything back.
 */
import { Kysely, PostgresDialect } from "kysely";
import type { Store } from "../db.js";
import type { Database } from "../schema.js";
import { type Cell, copyText } from "./_copy-text.js";
import { copyFromStdin } from "./_pg-copy.js";

/** A column and its SQL type (documentation of the row layout; COPY casts by the table's types). */
export type Column = readonly [name: string, type: string];

/** One transaction on one connection, with a fast bulk insert. */
export interface BulkSession {
  db: Kysely<Database>;
  insert(
    table: keyof Database,
    columns: readonly Column[],
    rows: readonly (readonly Cell[])[],
  ): Promise<void>;
  /** Loads rows already encoded with copyRow, as text or UTF-8 (cheaper for the hot loops: no row arrays kept alive). */
  insertText(table: keyof Database, columns: readonly Column[], text: string | Uint8Array): Promise<void>;
}

/** Runs `fn` in one transaction on one connection of the store, committing when it resolves. */
export async function withBulkSession<T>(store: Store, fn: (session: BulkSession) => Promise<T>): Promise<T> {
  const { pglite, pool } = store;
  if (pglite) {
    // The raw query runs on PGlite's single session, so it joins the open transaction.
    return store.db.transaction().execute((trx) =>
      fn(
        session(trx, "'/dev/blob'", async (statement, text) => {
          await pglite.query(statement, [], { blob: new Blob([text as BlobPart]) });
        }),
      ),
    );
  }
  if (!pool) throw new Error("store has neither a PGlite instance nor a pg pool");
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
    const result = await fn(
      session(db, "STDIN", (statement, text) => copyFromStdin(client, statement, text)),
    );
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

/**
 * The session over `db` (already in the transaction) whose inserts run `COPY … FROM <source>`
 * through `copy`, the driver's own way of feeding COPY its text; empty inserts send nothing.
 */
function session(
  db: Kysely<Database>,
  source: string,
  copy: (statement: string, text: string | Uint8Array) => Promise<void>,
): BulkSession {
  const insertText = async (
    table: keyof Database,
    columns: readonly Column[],
    text: string | Uint8Array,
  ): Promise<void> => {
    if (text.length === 0) return;
    await copy(`COPY ${table} (${columnList(columns)}) FROM ${source}`, text);
  };
  return { db, insertText, insert: (table, columns, rows) => insertText(table, columns, copyText(rows)) };
}

const columnList = (columns: readonly Column[]): string => columns.map(([name]) => `"${name}"`).join(", ");
