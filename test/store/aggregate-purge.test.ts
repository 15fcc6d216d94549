import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { refreshAggregates } from "../../src/service/analytics/index.js";
import type { Store } from "../../src/service/store/db.js";
import type { Database } from "../../src/service/store/schema.js";
import { seedDemo } from "../../src/service/store/seed/index.js";
import { describeDatabases, openTestStore } from "./_databases.js";

const PER_PROJECT = [
  "agg_projects",
  "agg_platform_day",
  "agg_competitor_day",
  "agg_prompt_cum",
  "agg_url_cum",
  "agg_url_prompt_days",
  "agg_competitor_prompt_days",
  "agg_latest_answer",
  "agg_gap_pages_day",
];

async function rowsOf(db: Kysely<Database>, table: string, column: string, id: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${id}`.execute(db);
  return rows[0]!.n;
}

// Aggregates carry no per-row foreign keys (migration 007-aggregate-purge): triggers on projects
// and competitors delete them instead, which these tests pin.
describeDatabases("aggregates follow deletions", (kind) => {
  let store: Store;
  let projectIds: string[];
  beforeAll(async () => {
    store = await openTestStore(kind);
    const summary = await seedDemo(store, { asOf: "2025-03-31", scale: 0.1, days: 20 });
    projectIds = summary.projects.map((p) => p.id);
    await refreshAggregates(store.db, projectIds);
  });
  afterAll(() => store?.close());

  it("deleting a competitor deletes its competitor aggregates and nothing else", async () => {
    const [main] = projectIds;
    const competitors = await store.db
      .selectFrom("competitors")
      .select("id")
      .where("project_id", "=", main!)
      .orderBy("id")
      .execute();
    const [gone, kept] = competitors.map((c) => c.id);
    for (const table of ["agg_competitor_day", "agg_competitor_prompt_days"]) {
      expect(await rowsOf(store.db, table, "competitor_id", gone!)).toBeGreaterThan(0);
    }
    const keptBefore = await rowsOf(store.db, "agg_competitor_day", "competitor_id", kept!);
    const promptCumBefore = await rowsOf(store.db, "agg_prompt_cum", "project_id", main!);
    await store.db.deleteFrom("competitors").where("id", "=", gone!).execute();
    for (const table of ["agg_competitor_day", "agg_competitor_prompt_days"]) {
      expect(await rowsOf(store.db, table, "competitor_id", gone!)).toBe(0);
    }
    expect(await rowsOf(store.db, "agg_competitor_day", "competitor_id", kept!)).toBe(keptBefore);
    expect(await rowsOf(store.db, "agg_prompt_cum", "project_id", main!)).toBe(promptCumBefore);
  });

  it("deleting a workspace deletes every aggregate of its projects", async () => {
    for (const id of projectIds)
      for (const table of PER_PROJECT)
        expect(await rowsOf(store.db, table, "project_id", id)).toBeGreaterThan(0);
    await store.db.deleteFrom("workspaces").execute();
    for (const id of projectIds)
      for (const table of PER_PROJECT) expect(await rowsOf(store.db, table, "project_id", id)).toBe(0);
  });
});
