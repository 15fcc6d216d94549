import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { resolveProject } from "../../src/service/http/_project.js";
import type { Caller } from "../../src/service/http/handler.js";
import { openStore, type Store } from "../../src/service/store/db.js";
import { seedDemo } from "../../src/service/store/seed/index.js";
import { describeDatabases, openTestStore, pgliteOf, poolOf } from "../store/_databases.js";
import { until } from "./_gate.js";

/** Counts the store's queries: PGlite's query calls, PostgreSQL's pool checkouts (one per query). */
function countQueries(store: Store): () => number {
  let n = 0;
  const pglite = pgliteOf(store);
  if (pglite) {
    const query = pglite.query.bind(pglite);
    pglite.query = ((...args: Parameters<typeof query>) => {
      n++;
      return query(...args);
    }) as typeof query;
  } else {
    poolOf(store).on("acquire", () => {
      n++;
    });
  }
  return () => n;
}

/** The store's write epoch once it has one (PostgreSQL: once its listening connection listens). */
async function epochOf(store: Store): Promise<number> {
  await until(() => store.writeEpoch!() !== undefined, "the store's write epoch");
  return store.writeEpoch!()!;
}

// Project lookups are kept while the store's write epoch stands still (the drivers' write-epoch.ts):
// a cached answer then costs no query, and a write makes the next lookup read again, on
// PostgreSQL a write of another process too (migration 008's notification).
describeDatabases("project lookups", (kind) => {
  let store: Store;
  let caller: Caller;
  let projectId: string;
  let queries: () => number;
  beforeAll(async () => {
    store = await openTestStore(kind);
    const summary = await seedDemo(store, { asOf: "2025-03-31", scale: 0.05, days: 2 });
    projectId = summary.mainProjectId;
    caller = { keyId: "k", workspaceId: summary.workspaceId, scopes: [], pinnedProjectId: null };
    queries = countQueries(store);
    await epochOf(store);
  });
  afterAll(() => store?.close());

  it("counts writes, not reads", async () => {
    const epoch = await epochOf(store);
    await sql`SELECT 1`.execute(store.db);
    expect(store.writeEpoch!()).toBe(epoch);
    await sql`WITH x AS (SELECT 1) SELECT * FROM x`.execute(store.db);
    expect(await epochOf(store)).toBeGreaterThan(epoch);
    const before = await epochOf(store);
    await sql`SELECT id FROM projects FOR UPDATE`.execute(store.db);
    expect(await epochOf(store)).toBeGreaterThan(before);
  });

  it("reads a project once while nothing writes, and again after a write", async () => {
    const first = await resolveProject(store, caller, projectId);
    const counted = queries();
    expect(await resolveProject(store, caller, projectId)).toEqual(first);
    expect(queries()).toBe(counted);

    await store.db.updateTable("projects").set({ name: "Renamed" }).where("id", "=", projectId).execute();
    const renamed = await resolveProject(store, caller, projectId);
    expect(renamed.name).toBe("Renamed");
    expect(queries()).toBe(counted + 2);
  });

  it("keeps no row read behind a transaction that wrote", async () => {
    await store.db.updateTable("projects").set({ name: "Before" }).where("id", "=", projectId).execute();
    const [, during] = await Promise.all([
      store.db.transaction().execute(async (trx) => {
        await trx
          .updateTable("projects")
          .set({ name: "In a transaction" })
          .where("id", "=", projectId)
          .execute();
      }),
      resolveProject(store, caller, projectId),
    ]);
    // PGlite's one session queues the lookup behind the transaction; PostgreSQL may read before
    // the commit. Either way, what is kept afterwards is the committed name.
    if (kind === "pglite") expect(during.name).toBe("In a transaction");
    expect((await resolveProject(store, caller, projectId)).name).toBe("In a transaction");
  });

  it("answers 404 for a project of another workspace, cached or not", async () => {
    await resolveProject(store, caller, projectId);
    await expect(
      resolveProject(store, { ...caller, workspaceId: "00000000-0000-0000-0000-000000000000" }, projectId),
    ).rejects.toMatchObject({ status: 404 });
  });

  if (kind === "postgres") {
    it("reads again after another process changed the project (its notification)", async () => {
      await resolveProject(store, caller, projectId);
      const counted = queries();
      const epoch = await epochOf(store);
      // Another process: its own connection, not this store's pool.
      const other = new pg.Client(connectionOf(store.location));
      await other.connect();
      try {
        await other.query("UPDATE projects SET name = 'Elsewhere' WHERE id = $1", [projectId]);
      } finally {
        await other.end();
      }
      await until(() => store.writeEpoch!() !== epoch, "the notification of the other process's change");
      expect((await resolveProject(store, caller, projectId)).name).toBe("Elsewhere");
      expect(queries()).toBe(counted + 1);
    });

    it("reads every time while its listening connection is lost, and listens again", async () => {
      // A store of its own, named so that its listening connection can be found and ended.
      const name = `vt_listen_${process.pid}_${Date.now()}`;
      const url = new URL(store.location);
      url.searchParams.set("application_name", name);
      const mine = await openStore(url.toString(), { migrate: false });
      try {
        const count = countQueries(mine);
        await epochOf(mine);
        await resolveProject(mine, caller, projectId);
        const counted = count();
        await resolveProject(mine, caller, projectId);
        expect(count()).toBe(counted);

        const admin = new pg.Client(connectionOf(store.location));
        await admin.connect();
        try {
          const { rowCount } = await admin.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
              WHERE application_name = $1 AND query ILIKE 'LISTEN%'`,
            [name],
          );
          expect(rowCount).toBe(1);
        } finally {
          await admin.end();
        }
        await until(() => mine.writeEpoch!() === undefined, "the lost connection noticed");
        await resolveProject(mine, caller, projectId);
        await resolveProject(mine, caller, projectId);
        expect(count()).toBe(counted + 2);

        await epochOf(mine);
        await resolveProject(mine, caller, projectId);
        const again = count();
        await resolveProject(mine, caller, projectId);
        expect(count()).toBe(again);
      } finally {
        await mine.close();
      }
    });
  }
});

/** pg's connection settings for a store location (its `options` parameter carries the test's schema). */
function connectionOf(location: string): pg.ClientConfig {
  const url = new URL(location);
  const options = url.searchParams.get("options");
  url.searchParams.delete("options");
  return { connectionString: url.toString(), ...(options ? { options } : {}) };
}
