import type { PGlite } from "@electric-sql/pglite";
import { mayWrite } from "../may-write.js";

/**
 * Counts the statements of a PGlite database that may write: anything but a plain SELECT, which
 * includes every transaction's BEGIN and COMMIT. PGlite runs one statement at a time on its one
 * session, a transaction holds that session to its end, and one process owns the directory
 * (docs/decisions.md, "One process per PGlite directory"): so a value read while the count stood
 * still is current, and in-memory copies of rows may be kept until it moves (the service's project
 * lookups, http/_project.ts). Wraps the instance's `query` and `exec`, the only ways in.
 */
export function trackWrites(pglite: PGlite): () => number {
  let epoch = 0;
  const query = pglite.query.bind(pglite);
  const exec = pglite.exec.bind(pglite);
  const after = async <T>(run: Promise<T>): Promise<T> => {
    try {
      return await run;
    } finally {
      // Also after: a read that waited behind this statement must not see the count it started with.
      epoch++;
    }
  };
  pglite.query = ((sql: string, ...rest: unknown[]) => {
    if (!mayWrite(sql)) return query(sql, ...(rest as []));
    epoch++;
    return after(query(sql, ...(rest as [])));
  }) as PGlite["query"];
  pglite.exec = ((sql: string, ...rest: unknown[]) => {
    epoch++;
    return after(exec(sql, ...(rest as [])));
  }) as PGlite["exec"];
  return () => epoch;
}
