import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveProject } from "../../src/service/http/_project.js";
import type { Caller } from "../../src/service/http/handler.js";
import type { Store } from "../../src/service/store/db.js";
import { seedDemo } from "../../src/service/store/seed/index.js";
import { openTestStore } from "../store/_databases.js";

// PGlite's project lookups are kept while no statement writes (store/_write-epoch.ts): a cached
// answer then costs no query, and any write makes the next lookup read again.
describe("project lookups on PGlite", () => {
  let store: Store;
  let caller: Caller;
  let projectId: string;
  let queries = 0;
  beforeAll(async () => {
    store = await openTestStore("pglite");
    const summary = await seedDemo(store, { asOf: "2025-03-31", scale: 0.05, days: 2 });
    projectId = summary.mainProjectId;
    caller = { keyId: "k", workspaceId: summary.workspaceId, scopes: [], pinnedProjectId: null };
    const query = store.pglite!.query.bind(store.pglite!);
    store.pglite!.query = ((...args: Parameters<typeof query>) => {
      queries++;
      return query(...args);
    }) as typeof query;
  });
  afterAll(() => store?.close());

  it("counts writes, not reads", async () => {
    const epoch = store.writeEpoch!();
    await sql`SELECT 1`.execute(store.db);
    expect(store.writeEpoch!()).toBe(epoch);
    await sql`WITH x AS (SELECT 1) SELECT * FROM x`.execute(store.db);
    expect(store.writeEpoch!()).toBeGreaterThan(epoch);
    const before = store.writeEpoch!();
    await sql`SELECT id FROM projects FOR UPDATE`.execute(store.db);
    expect(store.writeEpoch!()).toBeGreaterThan(before);
  });

  it("reads a project once while nothing writes, and again after a write", async () => {
    const first = await resolveProject(store, caller, projectId);
    const counted = queries;
    expect(await resolveProject(store, caller, projectId)).toEqual(first);
    expect(queries).toBe(counted);

    await store.db.updateTable("projects").set({ name: "Renamed" }).where("id", "=", projectId).execute();
    const renamed = await resolveProject(store, caller, projectId);
    expect(renamed.name).toBe("Renamed");
    expect(queries).toBe(counted + 2);
  });

  it("keeps no row read behind a transaction that wrote", async () => {
    // A write first, so the next lookup has to read; it queues behind the transaction's connection.
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
    // The lookup queued behind the transaction's connection and read the committed name.
    expect(during.name).toBe("In a transaction");
    expect((await resolveProject(store, caller, projectId)).name).toBe("In a transaction");
  });

  it("answers 404 for a project of another workspace, cached or not", async () => {
    await resolveProject(store, caller, projectId);
    await expect(
      resolveProject(store, { ...caller, workspaceId: "00000000-0000-0000-0000-000000000000" }, projectId),
    ).rejects.toMatchObject({ status: 404 });
  });
});
