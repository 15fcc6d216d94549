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
import { copyFromStdin } from "./_pg-copy.js";

/** A cell: strings, numbers, booleans, Dates, string arrays, or null. */
export type Cell = string | number | boolean | Date | readonly string[] | null;

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
  /** Loads rows already encoded with copyRow (cheaper for the hot loops: no row arrays kept alive). */
  insertText(table: keyof Database, columns: readonly Column[], text: string): Promise<void>;
}

/** Runs `fn` in one transaction on one connection of the store, committing when it resolves. */
export async function withBulkSession<T>(store: Store, fn: (session: BulkSession) => Promise<T>): Promise<T> {
  const { pglite, pool } = store;
  if (pglite) {
    // The raw query runs on PGlite's single session, so it joins the open transaction.
    return store.db.transaction().execute((trx) =>
      fn(
        session(trx, "'/dev/blob'", async (statement, text) => {
          await pglite.query(statement, [], { blob: new Blob([text]) });
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
  copy: (statement: string, text: string) => Promise<void>,
): BulkSession {
  const insertText = async (
    table: keyof Database,
    columns: readonly Column[],
    text: string,
  ): Promise<void> => {
    if (text === "") return;
    await copy(`COPY ${table} (${columnList(columns)}) FROM ${source}`, text);
  };
  return { db, insertText, insert: (table, columns, rows) => insertText(table, columns, copyText(rows)) };
}

const columnList = (columns: readonly Column[]): string => columns.map(([name]) => `"${name}"`).join(", ");

/** One row in COPY text format (tab-separated, \N for null, backslash escapes), with its newline. */
export function copyRow(row: readonly Cell[]): string {
  let line = copyCell(row[0] ?? null);
  for (let i = 1; i < row.length; i++) line += `\t${copyCell(row[i] ?? null)}`;
  return `${line}\n`;
}

function copyText(rows: readonly (readonly Cell[])[]): string {
  let text = "";
  for (const row of rows) text += copyRow(row);
  return text;
}

function textCell(value: Cell): string | null {
  if (value === null) return null;
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "t" : "f";
  if (typeof value === "number") return String(value);
  if (value instanceof Date) return value.toISOString();
  return arrayLiteral(value as readonly string[]);
}

const ARRAY_SPECIAL = /[\\"]/;

function arrayLiteral(items: readonly string[]): string {
  if (items.length === 0) return "{}";
  return `{${items.map((item) => `"${ARRAY_SPECIAL.test(item) ? item.replace(/[\\"]/g, "\\$&") : item}"`).join(",")}}`;
}

const COPY_SPECIAL = /[\\\t\n\r]/;

function copyCell(value: Cell): string {
  const text = textCell(value);
  if (text === null) return "\\N";
  if (!COPY_SPECIAL.test(text)) return text;
  return text.replace(/[\\\t\n\r]/g, (c) =>
    c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r",
  );
}
