import { describe, expect, it } from "vitest";
import { addDays } from "../../src/contract/index.js";
import { changeLog, leadInDays } from "../../src/report/change-log.js";
import { trendDay } from "../fixtures/trend-day.js";

/** Every day from `start` to `end` (inclusive), `mentioned` of 10 answers each. */
function days(start: string, end: string, mentioned: number) {
  const out = [];
  for (let d = start; d <= end; d = addDays(d, 1)) out.push(trendDay(d, 10, mentioned, 0, 0));
  return out;
}

/** October 2026 compared with October 2025: the comparison holds none of September 2026. */
const YEAR = {
  start: "2026-10-01",
  end: "2026-10-31",
  previous_start: "2025-10-01",
  previous_end: "2025-10-31",
};

describe("the days before a period the change log needs (docs/changes.md)", () => {
  it("are the 14 before it when the comparison is a year earlier, none when it is the period before", () => {
    expect(leadInDays(YEAR)).toEqual({ start: "2026-09-17", end: "2026-09-30" });
    expect(
      leadInDays({
        start: "2026-10-01",
        end: "2026-10-31",
        previous_start: "2026-09-01",
        previous_end: "2026-09-30",
      }),
    ).toBeNull();
    // A period shorter than a window: its entries' 14 days after are never whole, nothing is fetched.
    expect(
      leadInDays({
        start: "2026-10-25",
        end: "2026-10-31",
        previous_start: "2025-10-25",
        previous_end: "2025-10-31",
      }),
    ).toBeNull();
  });

  it("make an entry of the period's first two weeks comparable, its before from both", () => {
    // 2 mentions of 10 a day in September, 4 in October. The entry on October 6: before is
    // September 22–30 (9 days × 2) and October 1–5 (5 days × 4): 38 of 140; after, October 6–19:
    // 56 of 140; change 18 / 140 = +12.9 pp.
    const trend = {
      rows: days("2026-10-01", "2026-10-31", 4),
      previous_rows: [],
      by_platform: [],
      by_category: [],
    };
    const log = {
      file: "changes.csv",
      entries: [{ date: "2026-10-06", label: "Comparison pages", line: 2 }],
    };
    const without = changeLog(log, YEAR, trend);
    expect(without.impacts[0]).toMatchObject({ before: { days: 5, answers: 50 }, change: null });
    const leadIn = {
      start: "2026-09-17",
      end: "2026-09-30",
      trend: {
        rows: days("2026-09-17", "2026-09-30", 2),
        previous_rows: [],
        by_platform: [],
        by_category: [],
      },
    };
    const [impact] = changeLog(log, YEAR, trend, leadIn).impacts;
    expect(impact!.before).toEqual({ days: 14, answers: 140, mentionRate: 38 / 140 });
    expect(impact!.after).toEqual({ days: 14, answers: 140, mentionRate: 56 / 140 });
    expect(impact!.change).toBeCloseTo(18 / 140, 12);
  });
});
