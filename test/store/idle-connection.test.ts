import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openTestStore, poolOf, TEST_POSTGRES_URL } from "./_databases.js";

/** A PostgreSQL server ending an idle connection (restart, failover, terminate) must not end the process. */
describe.runIf(TEST_POSTGRES_URL)("idle PostgreSQL connections ended by the server", () => {
  it("are dropped from the pool; the next query opens a new one", async () => {
    const store = await openTestStore("postgres");
    try {
      const pid = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(store.db)).rows[0]!.pid;
      const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await admin.connect();
      try {
        await admin.query("SELECT pg_terminate_backend($1)", [pid]);
      } finally {
        await admin.end();
      }
      // The pool sees its idle client's socket close; without an error listener that was an uncaught exception.
      await expect.poll(async () => poolOf(store).totalCount === 0, { timeout: 10_000 }).toBe(true);
      const again = await sql<{ one: number }>`SELECT 1 AS one`.execute(store.db);
      expect(again.rows[0]?.one).toBe(1);
    } finally {
      await store.close();
    }
  });
});
