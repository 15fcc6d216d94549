/**
 * The interval and significance method (docs/metrics.md, "Intervals and significance") pinned on
 * the few prompts of _stats-fixture.ts, every figure computed by hand below from the per-prompt
 * counts: R = Σy / Σx; prompt i's linearized value zᵢ = (yᵢ − R·xᵢ) / Σx; Var = n/(n−1)·Σzᵢ²;
 * interval R ± t(0.975, n−1)·√Var, clipped to [0, 1]; the change's interval uses the per-prompt
 * differences z(current) − z(previous) over the prompts of either period (0 where a prompt has no
 * answer), and is significant when it excludes 0.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { RateStats } from "../../../src/contract/index.js";
import { refreshAggregates } from "../../../src/service/analytics/aggregates/refresh.js";
import type { Store } from "../../../src/service/store/db.js";
import { statsWithoutInterval } from "../../fixtures/rate-stats.js";
import { describeDatabases, openTestStore } from "../../store/_databases.js";
import { call } from "./_context.js";
import { insertStatsFixture, STATS_IDS, STATS_NOW, STATS_PROJECT } from "./_stats-fixture.js";

// Student's t 97.5 % quantiles (tables): 3 and 4 degrees of freedom.
const T3 = 3.182446305284263;
const T4 = 2.7764451051977987;

const sq = (xs: number[]) => xs.reduce((s, x) => s + x * x, 0);
const clip = (v: number) => Math.min(1, Math.max(0, v));

/** Expects every field of `actual` to equal `expected`, bounds to 12 decimals. */
function expectStats(actual: RateStats, expected: RateStats) {
  const { low, high, previous_low, previous_high, delta_low, delta_high, ...counts } = expected;
  const {
    low: l,
    high: h,
    previous_low: pl,
    previous_high: ph,
    delta_low: dl,
    delta_high: dh,
    ...actualCounts
  } = actual;
  expect(actualCounts).toEqual(counts);
  const bounds = [
    [l, low],
    [h, high],
    [pl, previous_low],
    [ph, previous_high],
    [dl, delta_low],
    [dh, delta_high],
  ] as const;
  for (const [a, e] of bounds) {
    if (e === null) expect(a).toBeNull();
    else expect(a).toBeCloseTo(e, 12);
  }
}

type Counts = Pick<RateStats, "answers" | "prompts" | "previous_answers" | "previous_prompts">;
/** Every answer of the fixture: 9 answers on 5 prompts now, 8 on 4 before. */
const ALL: Counts = { answers: 9, prompts: 5, previous_answers: 8, previous_prompts: 4 };

/**
 * The stats of a rate on `counts` answers, each interval given as [centre, half-width]. The current
 * and previous intervals are clipped to [0, 1], which leaves a bound inside it as it is; the
 * change's interval is not clipped.
 */
function intervals(
  counts: Counts,
  [r1, h1]: [number, number],
  [r0, h0]: [number, number],
  [d, hd]: [number, number],
  significant: boolean,
): RateStats {
  return {
    ...counts,
    low: clip(r1 - h1),
    high: clip(r1 + h1),
    previous_low: clip(r0 - h0),
    previous_high: clip(r0 + h0),
    delta_low: d - hd,
    delta_high: d + hd,
    significant,
  };
}

describeDatabases("intervals and significance on a hand-computed fixture", (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
    await insertStatsFixture(store);
    await refreshAggregates(store.db);
  });
  afterAll(() => store?.close());
  const get = <I extends "getOverview" | "getLeaderboard" | "getCategories" | "getReport">(id: I) =>
    call(store, id, { project: STATS_PROJECT, timezone: "UTC", now: STATS_NOW, query: { range: "7d" } });

  it("mention rate: a significant rise, with a prompt present in the current period only", async () => {
    const o = await get("getOverview");
    // Current: y = (2, 2, 1, 2, 0) over x = (2, 2, 2, 2, 1) answers, R = 7/9.
    const z1 = [4 / 81, 4 / 81, -5 / 81, 4 / 81, -7 / 81]; // (y − 7/9·x) / 9
    const h1 = T4 * Math.sqrt((5 / 4) * sq(z1));
    // Previous: y = (1, 0, 0, 0) over x = (2, 2, 2, 2), R = 1/8; P5 had no answer.
    const z0 = [3 / 32, -1 / 32, -1 / 32, -1 / 32]; // (y − 1/8·x) / 8
    const h0 = T3 * Math.sqrt((4 / 3) * sq(z0));
    const d = [4 / 81 - 3 / 32, 4 / 81 + 1 / 32, -5 / 81 + 1 / 32, 4 / 81 + 1 / 32, -7 / 81 - 0];
    const hd = T4 * Math.sqrt((5 / 4) * sq(d));
    expect(o.mention_rate.current).toBe(7 / 9);
    expectStats(o.mention_rate.stats, intervals(ALL, [7 / 9, h1], [1 / 8, h0], [7 / 9 - 1 / 8, hd], true));
    expect(7 / 9 - 1 / 8 - hd).toBeGreaterThan(0);
  });

  it("citation rate: a small fall that is not significant", async () => {
    const o = await get("getOverview");
    // Current: y = (1, 0, 1, 0, 0), R = 2/9; previous: y = (1, 0, 1, 0), R = 1/4.
    const z1 = [5 / 81, -4 / 81, 5 / 81, -4 / 81, -2 / 81];
    const z0 = [1 / 16, -1 / 16, 1 / 16, -1 / 16];
    const d = [5 / 81 - 1 / 16, -4 / 81 + 1 / 16, 5 / 81 - 1 / 16, -4 / 81 + 1 / 16, -2 / 81];
    const h1 = T4 * Math.sqrt((5 / 4) * sq(z1));
    const h0 = T3 * Math.sqrt((4 / 3) * sq(z0));
    const hd = T4 * Math.sqrt((5 / 4) * sq(d));
    expectStats(o.citation_rate.stats, intervals(ALL, [2 / 9, h1], [1 / 4, h0], [2 / 9 - 1 / 4, hd], false));
  });

  it("share of voice: clusters over brand + competitor mentions, a prompt with none counts as 0", async () => {
    const o = await get("getOverview");
    // Current: y = (2, 2, 1, 2, 0) over x = (3, 3, 1, 2, 1) mentions, R = 7/10.
    // Previous: y = (1, 0, 0, 0) over x = (3, 1, 0, 1), R = 1/5 (P3 has answers but no mention).
    const z1 = [-0.1 / 10, -0.1 / 10, 0.3 / 10, 0.6 / 10, -0.7 / 10];
    const z0 = [0.4 / 5, -0.2 / 5, 0, -0.2 / 5];
    const d = [z1[0]! - z0[0]!, z1[1]! - z0[1]!, z1[2]! - z0[2]!, z1[3]! - z0[3]!, z1[4]!];
    const h1 = T4 * Math.sqrt((5 / 4) * sq(z1));
    const h0 = T3 * Math.sqrt((4 / 3) * sq(z0));
    const hd = T4 * Math.sqrt((5 / 4) * sq(d));
    expect(o.share_of_voice.current).toBe(7 / 10);
    expectStats(o.share_of_voice.stats, intervals(ALL, [7 / 10, h1], [1 / 5, h0], [0.5, hd], true));
  });

  it("per platform: a 75 pp rise on four prompts is not significant; a zero rate has a zero-width interval", async () => {
    const r = await get("getReport");
    const section = r.sections.find((s) => s.key === "platforms");
    if (section?.key !== "platforms") throw new Error("no platforms section");
    const perplexity = section.rows.find((p) => p.platform === "perplexity")!;
    // Current: y = (1, 1, 0, 1) over one answer each, R = 3/4; previous: R = 0, every zᵢ = 0.
    const z1 = [1 / 16, 1 / 16, -3 / 16, 1 / 16]; // (y − 3/4) / 4
    const h = T3 * Math.sqrt((4 / 3) * sq(z1));
    const fourEach = { answers: 4, prompts: 4, previous_answers: 4, previous_prompts: 4 };
    expectStats(perplexity.mention_stats, intervals(fourEach, [3 / 4, h], [0, 0], [3 / 4, h], false));
  });

  it("per category: one prompt gives no interval and no significance", async () => {
    const { categories } = await get("getCategories");
    const solo = categories.find((c) => c.id === STATS_IDS.solo)!;
    expect(solo.mention_stats).toEqual(
      statsWithoutInterval({ answers: 2, prompts: 1, previous_answers: 2, previous_prompts: 1 }),
    );
  });

  it("per competitor: Beta's mention rate over all answers", async () => {
    const lb = await get("getLeaderboard");
    const beta = lb.rows.find((r) => r.name === "Beta")!;
    // Current: Beta in (1, 1, 0, 0, 1) of x = (2, 2, 2, 2, 1), R = 1/3; previous (2, 1, 0, 1) of 2 each, R = 1/2.
    const z1 = [1 / 27, 1 / 27, -2 / 27, -2 / 27, 2 / 27];
    const z0 = [1 / 8, 0, -1 / 8, 0];
    const d = [1 / 27 - 1 / 8, 1 / 27, -2 / 27 + 1 / 8, -2 / 27, 2 / 27];
    const h1 = T4 * Math.sqrt((5 / 4) * sq(z1));
    const h0 = T3 * Math.sqrt((4 / 3) * sq(z0));
    const hd = T4 * Math.sqrt((5 / 4) * sq(d));
    expect(beta.mention_rate).toBe(1 / 3);
    expectStats(beta.mention_stats, intervals(ALL, [1 / 3, h1], [1 / 2, h0], [1 / 3 - 1 / 2, hd], false));
    // The brand's row carries the overview's stats.
    expect(lb.rows[0]!.mention_stats).toEqual((await get("getOverview")).mention_rate.stats);
  });

  it("the focused endpoints' sums, made in the database, equal the report's, made from the cells, to the last bit", async () => {
    // A competitor added after the aggregates were made: in neither the cells nor the database's sums.
    await store.db
      .insertInto("competitors")
      .values({
        id: "00000000-0000-4000-8000-0000000000c3",
        project_id: STATS_PROJECT.id,
        name: "Gamma",
        domain: "gamma.com",
        icon: "",
        variants: [],
      })
      .execute();
    const gamma = (
      await call(store, "getLeaderboard", {
        project: STATS_PROJECT,
        timezone: "UTC",
        now: STATS_NOW,
        query: { range: "7d" },
      })
    ).rows.find((r) => r.name === "Gamma")!;
    // Never named: a zero rate over the brand's 9 answers on 5 prompts, whose interval is [0, 0].
    expect(gamma.mention_stats).toMatchObject({
      answers: 9,
      prompts: 5,
      low: 0,
      high: 0,
      significant: false,
    });
    for (const range of ["7d", "30d", "90d"] as const) {
      const ctx = { project: STATS_PROJECT, timezone: "UTC", now: STATS_NOW, query: { range } };
      const overview = await call(store, "getOverview", ctx);
      const report = await call(store, "getReport", ctx);
      const section = <K extends "summary" | "competitors" | "categories">(key: K) => {
        const found = report.sections.find((s) => s.key === key);
        if (found?.key !== key) throw new Error(`no ${key} section`);
        return found as Extract<typeof found, { key: K }>;
      };
      for (const row of section("summary").rows) expect(row.stats).toStrictEqual(overview[row.metric].stats);
      // The leaderboard's competitors (a competitor never named included) and the categories.
      expect(section("competitors").rows).toStrictEqual((await call(store, "getLeaderboard", ctx)).rows);
      expect(section("categories").rows).toStrictEqual((await call(store, "getCategories", ctx)).categories);
    }
  });
});
