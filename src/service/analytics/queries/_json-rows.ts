import { type RawBuilder, sql } from "kysely";
import type { Db } from "./meta.js";

/**
 * `SELECT <columns> FROM <from>` read as one JSON array of arrays rather than one protocol row per
 * row: the drivers decode every field of every row on their own (PGlite copies and UTF-8-decodes
 * each one, pg walks arrays character by character), which on the aggregates' reads of a thousand
 * rows cost more than the query itself; one JSON value is parsed natively in one go
 * (docs/api.md, "Less work per computed answer"). Rows come back as objects keyed by `columns`
 * (arrays on the wire: the keys are not repeated per row); dates as "YYYY-MM-DD", timestamps as
 * ISO strings, integer arrays as arrays. `orderBy` orders them (over `from`'s columns: an ORDER
 * BY inside `from` does not order the aggregate).
 */
export async function jsonRows<R extends object>(
  db: Db,
  columns: readonly (keyof R & string)[],
  from: RawBuilder<unknown>,
  orderBy?: RawBuilder<unknown>,
): Promise<R[]> {
  const list = sql.join(columns.map((c) => sql.ref(c)));
  const order = orderBy ? sql` ORDER BY ${orderBy}` : sql``;
  const { rows } = await sql<{ rows: unknown[][] | null }>`
    SELECT json_agg(json_build_array(${list})${order}) AS rows FROM ${from}`.execute(db);
  return (rows[0]?.rows ?? []).map((tuple) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) row[columns[i]!] = tuple[i];
    return row as R;
  });
}
