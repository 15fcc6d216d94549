import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Store } from "../../src/service/store/db.js";
import type { Database } from "../../src/service/store/schema.js";
import { type SeedSummary, seedDemo } from "../../src/service/store/seed/index.js";
import { JOBS_SEED, openSnapshot } from "../_snapshots.js";
import { describeDatabases, openTestStore } from "./_databases.js";

const TABLES: Record<string, string> = {
  workspaces: "id",
  projects: "id",
  competitors: "id",
  categories: "id",
  prompts: "id",
  answers: "id",
  urls: "id",
  citations: "answer_id, position",
  sites: "id",
  topics: "id",
  site_pages: "id",
  content_items: "id",
  opportunity_runs: "id",
  agent_tasks: "id",
  iq_records: "id",
};

/** md5 of every row's text form, per table, in a fixed order. */
async function checksums(db: Kysely<Database>): Promise<Record<string, { rows: number; md5: string }>> {
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const [table, order] of Object.entries(TABLES)) {
    const { rows } = await sql<{ rows: number; md5: string }>`
      SELECT count(*) AS rows, md5(coalesce(string_agg(t::text, E'\n' ORDER BY ${sql.raw(order)}), '')) AS md5
      FROM ${sql.table(table)} AS t`.execute(db);
    out[table] = rows[0]!;
  }
  return out;
}

describeDatabases("seed determinism", (kind) => {
  let first: Store;
  let second: Store;
  // The first store starts as a copy of the run's `jobs` snapshot (test/_snapshots.ts): a demo
  // seeded once per run with JOBS_SEED, which this file need not seed again to compare with. Its
  // summary is the one the PGlite seed returned, on PostgreSQL too: a summary counts what the seed
  // generated, so identical arguments must give it on every database.
  let seeded: SeedSummary;
  beforeAll(async () => {
    let snapshot: Awaited<ReturnType<typeof openSnapshot<"jobs">>>;
    [snapshot, second] = await Promise.all([openSnapshot(kind, "jobs"), openTestStore(kind)]);
    [first, seeded] = [snapshot.store, snapshot.summaries.demo];
    // Pin the text form of timestamps so the checksums compare data, not session settings.
    for (const store of [first, second]) await sql`SET TIME ZONE 'UTC'`.execute(store.db);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it("gives identical data for identical arguments", async () => {
    const options = JOBS_SEED;
    const a = seeded;
    const b = await seedDemo(second, options);
    expect(b).toEqual(a);
    const sumsA = await checksums(first.db);
    expect(await checksums(second.db)).toEqual(sumsA);
    expect(sumsA.answers!.rows).toBeGreaterThan(0);
    // Re-seeding replaces the workspace with the very same rows.
    await seedDemo(first, options);
    expect(await checksums(first.db)).toEqual(sumsA);
  });

  it("moves every date with the as-of day", async () => {
    // Ten days after the first store's as-of day (2025-06-30), the same scale and days.
    expect(JOBS_SEED).toEqual({ asOf: "2025-06-30", scale: 0.05, days: 60 });
    await seedDemo(second, { ...JOBS_SEED, asOf: "2025-07-10" });
    const range = await sql<{ min: string; max: string; n: number }>`
      SELECT min(day) AS min, max(day) AS max, count(DISTINCT day) AS n FROM answers`.execute(second.db);
    // 12–31 May, June, 1–10 July: 20 + 30 + 10 days.
    expect(range.rows[0]).toEqual({ min: "2025-05-12", max: "2025-07-10", n: 60 });
    expect((await checksums(second.db)).answers).not.toEqual((await checksums(first.db)).answers);
  });

  it("multiplies prompts and answers by the scale", async () => {
    const one = await seedDemo(first, { asOf: "2025-03-31", scale: 1, days: 2 });
    const two = await seedDemo(second, { asOf: "2025-03-31", scale: 2, days: 2 });
    expect(one.projects[0]!.prompts).toBe(120);
    expect(two.projects[0]!.prompts).toBe(240);
    expect(two.totals.prompts).toBe(2 * one.totals.prompts);
    expect(two.totals.answers).toBe(2 * one.totals.answers);
    // The first prompts of a larger scale are the prompts of the smaller one.
    const ids = async (db: Kysely<Database>) =>
      (await db.selectFrom("prompts").select("id").orderBy("id").execute()).map((r) => r.id);
    const large = new Set(await ids(second.db));
    expect((await ids(first.db)).every((id) => large.has(id))).toBe(true);
  });

  it("generates the same rows in the compiled build's worker thread as inline", async () => {
    // The compiled seed (built by `npm test` before the tests run) generates answers in a worker
    // thread; from the TypeScript sources it generates inline. 27,000 answers: two batches, so the
    // worker's flow control runs too.
    const compiled = (await import(
      "../../dist/service/store/seed/index.js" as string
    )) as typeof import("../../src/service/store/seed/index.js");
    const options = { asOf: "2025-03-31", scale: 0.25, days: 150 };
    const inWorker = await compiled.seedDemo(first, options);
    const inline = await seedDemo(second, options);
    expect(inWorker).toEqual(inline);
    expect(inline.projects[0]!.answers).toBeGreaterThan(20_000);
    expect(await checksums(first.db)).toEqual(await checksums(second.db));
  });
});
