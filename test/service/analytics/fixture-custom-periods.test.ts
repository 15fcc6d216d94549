/**
 * Custom periods (start/end/compare, docs/api.md "Extensions to v1") on the hand-built fixture
 * (_fixture.ts), figures as fractions computed by hand. Answers by day: O1 02-20, B1 02-27,
 * B3 03-01, B2 03-04, A1 03-05, A2 A3 03-06, A5 03-08, A4 A6 03-11, F1 03-12; as-of 03-11 (Paris).
 */
import { expect, it } from "vitest";
import type { ReportSectionOf } from "../../../src/contract/index.js";
import { describeDatabases } from "../../store/_databases.js";
import { IDS } from "./_fixture.js";
import { dailySeries, series } from "./_fixture-expected.js";
import { useFixture } from "./_use-fixture.js";

const MAR_01_04 = ["2025-03-01", "2025-03-04"];

/** A metric without a comparison; its interval statistics (pinned by rate-stats.test.ts) may ride along. */
const noPrevious = (current: number) => expect.objectContaining({ current, previous: null, delta: null });

describeDatabases("custom periods on the hand-built fixture", (kind) => {
  const { get, at } = useFixture(kind);

  it("start/end equal to the 7d period give the 7d figures, echoed as range custom", async () => {
    const q = { start: "2025-03-05", end: "2025-03-11" };
    for (const id of [
      "getOverview",
      "getLeaderboard",
      "getCategories",
      "getCitedSources",
      "listPrompts",
    ] as const) {
      const custom = await get(id, q);
      expect({ ...custom, range: "7d" }, id).toEqual(await get(id));
      expect(custom.range).toBe("custom");
    }
  });

  it("month to date against an empty previous month: previous and delta null, never a change from 0", async () => {
    // 03-01..03-11: B3 B2 A1..A6 = 8 snapshots; Acme mentioned in A1 A2 A4 A5, cited in A1 A4;
    // competitor mentions B2 1, A1 1, A2 2, A4 1, A6 1 = 6. Previous 02-01..02-11: nothing.
    const q = { start: "2025-03-01", end: "2025-03-11" };
    expect(await get("getOverview", q)).toEqual({
      range: "custom",
      mention_rate: noPrevious(4 / 8),
      citation_rate: noPrevious(2 / 8),
      share_of_voice: noPrevious(4 / (4 + 6)),
      trend_series: {
        // B3 on 03-01 and B2 on 03-04, then the 7d period's days.
        mention: [...series(MAR_01_04, [0 / 1, 0 / 1]), ...dailySeries(1 / 1, 1 / 2, 1 / 1, 1 / 2)],
        citation: [...series(MAR_01_04, [0 / 1, 0 / 1]), ...dailySeries(1 / 1, 0 / 2, 0 / 1, 1 / 2)],
      },
    });
    const report = await get("getReport", q);
    expect(report.period).toEqual({
      as_of: "2025-03-11",
      timezone: "Europe/Paris",
      start: "2025-03-01",
      end: "2025-03-11",
      previous_start: "2025-02-01",
      previous_end: "2025-02-11",
      compare: "previous",
      label: "1–11 March 2025",
      previous_label: "1–11 February 2025",
      previous_days: 11,
      previous_days_with_data: 0,
    });
    // Beta (C1) is mentioned in B2 A1 A2 A6 and cited in B2 A1 A3 A6 (CoverageMetric keeps v1's numbers).
    const beta = await get("getCompetitor", q, { competitor: IDS.c1 });
    expect([beta.mention_rate, beta.citation_rate]).toEqual([noPrevious(4 / 8), noPrevious(4 / 8)]);
    const summary = report.sections.find((s) => s.key === "summary") as ReportSectionOf<"summary">;
    expect(summary.totals.snapshots).toEqual(noPrevious(8));
    expect(summary.rows.map((r) => [r.metric, r.current, r.previous, r.delta])).toEqual([
      ["mention_rate", 4 / 8, null, null],
      ["citation_rate", 2 / 8, null, null],
      ["share_of_voice", 4 / 10, null, null],
    ]);
  });

  it("compare=year with a range: the same dates a year earlier, here without data", async () => {
    // 03-05..03-11: A1..A6; mentioned A1 A2 A4 A5, cited A1 A4; competitor mentions 1+2+1+1 = 5.
    const o = await get("getOverview", { compare: "year" });
    expect([o.range, o.mention_rate, o.citation_rate, o.share_of_voice]).toEqual([
      "7d",
      noPrevious(4 / 6),
      noPrevious(2 / 6),
      noPrevious(4 / 9),
    ]);
    expect((await get("getReport", { compare: "year" })).period).toMatchObject({
      previous_start: "2024-03-05",
      previous_end: "2024-03-11",
      compare: "year",
      previous_days: 7,
      previous_days_with_data: 0,
    });
  });

  it("a comparison period that does not end the day before: 1st–20th against 1–20 February", async () => {
    // As of 03-20. Current 03-01..03-20: B3 B2 A1..A6 F1 = 9 snapshots, mentioned A1 A2 A4 A5 F1,
    // cited A1 A4 F1, competitor mentions 6. Previous 02-01..02-20: O1 only (mentioned, cited,
    // cites post-a); B1 on 02-27 lies between the two periods and counts in neither.
    const late = at("2025-03-20");
    const q = { start: "2025-03-01", end: "2025-03-20" };
    const o = await late("getOverview", q);
    expect([o.mention_rate, o.citation_rate, o.share_of_voice]).toEqual([
      expect.objectContaining({ current: 5 / 9, previous: 1 / 1, delta: 5 / 9 - 1 }),
      expect.objectContaining({ current: 3 / 9, previous: 1 / 1, delta: 3 / 9 - 1 }),
      expect.objectContaining({ current: 5 / 11, previous: 1 / 1, delta: 5 / 11 - 1 }),
    ]);
    // The intervals' samples are the same two periods: B1 counts in neither.
    for (const rate of [o.mention_rate, o.citation_rate, o.share_of_voice])
      expect(rate.stats).toMatchObject({ answers: 9, previous_answers: 1, previous_prompts: 1 });
    // post-a: cited by A1 (P1) and A4 (P2) now, by O1 (P1) then.
    const pages = await late("listPages", q);
    expect("rows" in pages && pages.rows.find((r) => r.id === IDS.sitePage)).toEqual({
      id: IDS.sitePage,
      url: "acme.com/blog/post-a",
      folder: "/blog",
      citations: 2,
      citations_delta: 2 - 1,
      citation_rate: 2 / 9,
      citation_rate_delta: 2 / 9 - 1 / 1,
      unique_prompts: 2,
      unique_prompts_delta: 2 - 1,
    });
    const report = await late("getReport", q);
    expect(report.period).toMatchObject({
      previous_label: "1–20 February 2025",
      previous_days: 20,
      previous_days_with_data: 1,
    });
  });
});
