import { type RawBuilder, sql } from "kysely";
import type { Db } from "./meta.js";

/**
 * `SELECT <columns> FROM <from>` read as one JSON array of arrays rather than one protocol row per
 * row: the drivers decode every field of every row on their own (PGlite copies and UTF-8-decodes
 * each one, pg walks arrays character by character), which on the aggregates' reads of a thousand
 * rows cost more than the query itself; one JSON value is parsed natively in one go
 * (docs/api.md, "Less work per computed answer"). Columns come back in order; dates as "YYYY-MM-DD",
 * timestamps as ISO strings, integer arrays as arrays; `orderBy` orders them (over `from`'s
 * columns: an ORDER BY inside `from` does not order the aggregate).
 */
export async function jsonRows<T extends readonly unknown[]>(
  db: Db,
  columns: readonly string[],
  from: RawBuilder<unknown>,
  orderBy?: RawBuilder<unknown>,
): Promise<T[]> {
  const list = sql.join(columns.map((c) => sql.ref(c)));
  const order = orderBy ? sql` ORDER BY ${orderBy}` : sql``;
  const { rows } = await sql<{ rows: T[] | null }>`
    SELECT json_agg(json_build_array(${list})${order}) AS rows FROM ${from}`.execute(db);
  return rows[0]?.rows ?? [];
}
