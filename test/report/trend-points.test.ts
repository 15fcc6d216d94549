import { describe, expect, it } from "vitest";
import { pointDays, trendPoints } from "../../src/report/trend-points.js";
import { trendDay } from "../fixtures/trend-day.js";

const day = trendDay;

describe("trend points (docs/metrics.md, Trend)", () => {
  it("plots 7 days by day and 30 or 90 days by week", () => {
    expect([pointDays(7), pointDays(14), pointDays(15), pointDays(30), pointDays(90)]).toEqual([
      1, 1, 7, 7, 7,
    ]);
  });

  it("counts weeks back from the last day; a week's rate is over its summed counts, not a mean of days", () => {
    // 10 days, 2026-11-01..10: weeks 11-04..10 (whole) and 11-01..03 (the shorter first).
    const days = [
      day("2026-11-02", 10, 1, 0, 1),
      day("2026-11-04", 2, 2, 1, 0),
      day("2026-11-09", 8, 2, 2, 6),
    ];
    const points = trendPoints(days, { start: "2026-11-01", end: "2026-11-10" }, 7);
    expect(points).toEqual([
      {
        start: "2026-11-01",
        end: "2026-11-03",
        snapshots: 10,
        mention_rate: 1 / 10,
        citation_rate: 0,
        share_of_voice: 1 / 2,
      },
      {
        start: "2026-11-04",
        end: "2026-11-10",
        snapshots: 10,
        // (2 + 2) / (2 + 8): the mean of the daily rates (100% and 25%) would say 62.5%.
        mention_rate: 4 / 10,
        citation_rate: 3 / 10,
        // 4 brand mentions against 6 competitor mentions.
        share_of_voice: 4 / 10,
      },
    ]);
  });

  it("joins a first week of one or two days to the week after it: no weekend stub as a point", () => {
    // 30 days, 2026-10-02..31: weeks back from the 31st leave 10-02..03 (two days) first.
    const days = [
      day("2026-10-03", 4, 0, 0, 4),
      day("2026-10-05", 6, 3, 0, 3),
      day("2026-10-31", 5, 1, 0, 1),
    ];
    const points = trendPoints(days, { start: "2026-10-02", end: "2026-10-31" }, 7);
    expect(points.map((p) => [p.start, p.end])).toEqual([
      ["2026-10-02", "2026-10-10"],
      ["2026-10-11", "2026-10-17"],
      ["2026-10-18", "2026-10-24"],
      ["2026-10-25", "2026-10-31"],
    ]);
    // The joined point's rate is over all nine days: (0 + 3) / (4 + 6).
    expect(points[0]!.mention_rate).toBe(3 / 10);
    // Three days stay a point of their own (10 days: 11-01..03, then 11-04..10, as above).
    expect(trendPoints([], { start: "2026-11-01", end: "2026-11-10" }, 7).map((p) => p.start)).toEqual([
      "2026-11-01",
      "2026-11-04",
    ]);
  });

  it("leaves a week without answers as a gap, never a zero", () => {
    const points = trendPoints(
      [day("2026-11-10", 4, 1, 1, 0)],
      { start: "2026-11-01", end: "2026-11-14" },
      7,
    );
    expect(points.map((p) => [p.start, p.end, p.snapshots, p.mention_rate])).toEqual([
      ["2026-11-01", "2026-11-07", 0, null],
      ["2026-11-08", "2026-11-14", 4, 1 / 4],
    ]);
    expect(points[0]?.share_of_voice).toBeNull();
  });

  it("plots every day of a short period, a missing day as a gap", () => {
    const points = trendPoints(
      [day("2026-11-01", 2, 1, 0, 1)],
      { start: "2026-11-01", end: "2026-11-03" },
      1,
    );
    expect(points.map((p) => [p.start, p.end, p.mention_rate])).toEqual([
      ["2026-11-01", "2026-11-01", 1 / 2],
      ["2026-11-02", "2026-11-02", null],
      ["2026-11-03", "2026-11-03", null],
    ]);
  });
});
