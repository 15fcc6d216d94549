import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Store } from "../../src/service/store/db.js";
import { MIGRATIONS, migrate } from "../../src/service/store/migrations/index.js";
import { describeDatabases, openTestStore } from "./_databases.js";

describeDatabases("migrations", (kind) => {
  let store: Store;
  beforeAll(async () => {
    // From scratch: every other store of the suite is a copy of an already migrated database.
    store = await openTestStore(kind, { fromScratch: true });
  });
  afterAll(async () => {
    await store?.close();
  });

  it("are recorded once and are idempotent", async () => {
    expect(await migrate(store.db)).toEqual([]);
    expect(await migrate(store.db)).toEqual([]);
    const rows = await store.db.selectFrom("schema_migrations").select("name").execute();
    expect(rows.map((r) => r.name).sort()).toEqual(MIGRATIONS.map((m) => m.name).sort());
  });

  it("applies only what is pending when the others are recorded, each once", async () => {
    const added = {
      name: "900-test-pending",
      up: async (db: Parameters<typeof migrate>[0]) => {
        await sql`CREATE TABLE test_pending_migration (id int)`.execute(db);
      },
    };
    try {
      expect(await migrate(store.db, [...MIGRATIONS, added])).toEqual(["900-test-pending"]);
      expect(await migrate(store.db, [...MIGRATIONS, added])).toEqual([]);
      const { rows } = await sql<{
        t: string | null;
      }>`SELECT to_regclass('test_pending_migration')::text AS t`.execute(store.db);
      expect(rows[0]?.t).toBe("test_pending_migration");
    } finally {
      await sql`DROP TABLE IF EXISTS test_pending_migration`.execute(store.db);
      await store.db.deleteFrom("schema_migrations").where("name", "=", added.name).execute();
    }
  });

  it("returns the same JS types on every driver", async () => {
    const { rows } = await sql<{ c: unknown; n: unknown; d: unknown; t: unknown; a: unknown }>`
      SELECT count(*) AS c, 1.5::numeric AS n, date '2024-03-01' AS d, now() AS t,
             array[gen_random_uuid()] AS a`.execute(store.db);
    const row = rows[0]!;
    expect(row.c).toBe(1);
    expect(row.n).toBe(1.5);
    expect(row.d).toBe("2024-03-01");
    expect(row.t).toBeInstanceOf(Date);
    expect(Array.isArray(row.a)).toBe(true);
  });

  it("round-trips arrays and jsonb through Kysely", async () => {
    const ws = await store.db
      .insertInto("workspaces")
      .values({
        name: "W",
        website: "https://w.test",
        logo: "",
        icon: "",
        timezone: "UTC",
        owner_id: "00000000-0000-4000-8000-000000000001",
        owner_name: "O",
        owner_email: "o@w.test",
        owner_avatar: "",
        members: 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const project = await store.db
      .insertInto("projects")
      .values({
        workspace_id: ws.id,
        name: "P",
        slug: "p",
        brand_name: "B",
        brand_domain: "b.test",
        brand_variants: ["B", "B Inc"],
        schedule_days: [1, 3],
        schedule_hour: 6,
      })
      .returning(["id", "brand_variants", "schedule_days", "status"])
      .executeTakeFirstOrThrow();
    expect(project.brand_variants).toEqual(["B", "B Inc"]);
    expect(project.schedule_days).toEqual([1, 3]);
    expect(project.status).toBe("ACTIVE");
    const item = await store.db
      .insertInto("content_items")
      .values({
        project_id: project.id,
        title: "T",
        status: "NEW",
        buyer_stage: "BALANCED",
        source: "manual",
        keywords: ["a"],
        metadata: { keywords: ["a"], source: "manual" },
        config: { autowrite: false, planned_for: "2024-01-02", planned_time: "09:00" },
        written_on: "2024-01-01",
      })
      .returning(["metadata", "config", "written_on"])
      .executeTakeFirstOrThrow();
    expect(item.metadata).toEqual({ keywords: ["a"], source: "manual" });
    expect(item.config.planned_for).toBe("2024-01-02");
    expect(item.written_on).toBe("2024-01-01");
    await store.db.deleteFrom("workspaces").where("id", "=", ws.id).execute();
  });
});
