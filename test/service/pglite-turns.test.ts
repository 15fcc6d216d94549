/**
 * PGlite runs each query synchronously in the service's thread. A request's expensive work must
 * let the event loop turn before each query, or requests arriving meanwhile are not even read
 * until it ends: they could be neither queued nor shed (docs/api.md, "Load shedding").
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { abortableStore } from "../../src/service/http/_abortable-store.js";
import type { Store } from "../../src/service/store/db.js";
import { openTestStore } from "../store/_databases.js";

describe("expensive work on PGlite", () => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore("pglite");
  });
  afterAll(() => store?.close());

  it("gives the event loop a turn before each of its queries", async () => {
    const db = abortableStore(store, new AbortController().signal).db;
    const turns: string[] = [];
    for (let i = 0; i < 3; i++) {
      // I/O callbacks run in the loop's turns, like setImmediate: one per query must have run.
      setImmediate(() => turns.push(`turn before query ${i}`));
      await sql`SELECT 1`.execute(db);
      turns.push(`query ${i}`);
    }
    expect(turns).toEqual([
      "turn before query 0",
      "query 0",
      "turn before query 1",
      "query 1",
      "turn before query 2",
      "query 2",
    ]);
  });
});
