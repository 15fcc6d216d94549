/**
 * Bulk loading for the seed: ~130k answers and ~300k citations must load in seconds. Both drivers
 * use COPY in text format (the fastest path into PostgreSQL), each its own way (`Store.bulk`):
 * - PGlite: `COPY … FROM '/dev/blob'` on the single PGlite session;
 * - PostgreSQL: `COPY … FROM STDIN` driven through pg's submittable-query hooks (drivers/postgres/copy.ts).
 * A session is one transaction on one connection, so COPY and Kysely queries see each other's rows
 * and a failure rolls everything back.
 */
import type { Kysely } from "kysely";
import type { Store } from "../db.js";
import type { BulkTransaction } from "../drivers/driver.js";
import type { Database } from "../schema.js";
import { type Cell, copyText } from "./_copy-text.js";

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
export function withBulkSession<T>(store: Store, fn: (session: BulkSession) => Promise<T>): Promise<T> {
  return store.bulk(({ db, copy }) => fn(session(db, copy)));
}

/**
 * The session over `db` (already in the transaction) whose inserts run `COPY` through `copy`, the
 * driver's own way of feeding COPY its text; empty inserts send nothing.
 */
function session(db: Kysely<Database>, copy: BulkTransaction["copy"]): BulkSession {
  const insertText = async (
    table: keyof Database,
    columns: readonly Column[],
    text: string | Uint8Array,
  ): Promise<void> => {
    if (text.length === 0) return;
    await copy(`${table} (${columnList(columns)})`, text);
  };
  return { db, insertText, insert: (table, columns, rows) => insertText(table, columns, copyText(rows)) };
}

const columnList = (columns: readonly Column[]): string => columns.map(([name]) => `"${name}"`).join(", ");
