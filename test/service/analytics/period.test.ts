import { describe, expect, it } from "vitest";
import {
  addDays,
  dayIn,
  daysBetween,
  PeriodParamError,
  periodFor,
  reportPeriod,
  resolvePeriod,
} from "../../../src/service/analytics/period.js";

/** A period in Paris as of 2025-03-11, compared with the previous one; each span as [start, end]. */
function parisPeriod(
  range: string,
  days: number,
  kind: string,
  extended: boolean,
  [start, end]: [string, string],
  [previousStart, previousEnd]: [string, string],
) {
  return {
    range,
    days,
    timezone: "Europe/Paris",
    asOf: "2025-03-11",
    current: { start, end },
    previous: { start: previousStart, end: previousEnd },
    compare: "previous",
    kind,
    extended,
  };
}

describe("period rule", () => {
  it("as-of day is today in the workspace timezone: 23:30 UTC is already tomorrow in Paris", () => {
    const now = new Date("2025-03-10T23:30:00Z");
    expect(dayIn("Europe/Paris", now)).toBe("2025-03-11");
    expect(dayIn("UTC", now)).toBe("2025-03-10");
    expect(dayIn("America/New_York", now)).toBe("2025-03-10");
    expect(periodFor("7d", "Europe/Paris", now)).toEqual(
      parisPeriod("7d", 7, "days", false, ["2025-03-05", "2025-03-11"], ["2025-02-26", "2025-03-04"]),
    );
  });

  it("N calendar days ending with the as-of day, the previous N days before, across months and DST", () => {
    // 2025-03-30 is the DST switch in Europe; calendar days are unaffected.
    const p = periodFor("30d", "Europe/Paris", new Date("2025-04-01T10:00:00Z"));
    expect(p.current).toEqual({ start: "2025-03-03", end: "2025-04-01" });
    expect(p.previous).toEqual({ start: "2025-02-01", end: "2025-03-02" });
    const q = periodFor("90d", "UTC", new Date("2024-03-01T00:00:00Z"));
    expect(daysBetween(q.current.start, q.current.end) + 1).toBe(90);
    expect(daysBetween(q.previous.start, q.previous.end) + 1).toBe(90);
    expect(addDays(q.previous.end, 1)).toBe(q.current.start);
    expect(q.current.end).toBe("2024-03-01");
  });

  it("states itself in the report's period object", () => {
    expect(reportPeriod(periodFor("7d", "UTC", new Date("2025-01-07T12:00:00Z")), 5)).toEqual({
      as_of: "2025-01-07",
      timezone: "UTC",
      start: "2025-01-01",
      end: "2025-01-07",
      previous_start: "2024-12-25",
      previous_end: "2024-12-31",
      compare: "previous",
      label: "1–7 January 2025",
      previous_label: "25–31 December 2024",
      previous_days: 7,
      previous_days_with_data: 5,
    });
  });

  it("range=30d ending on a month's last day still compares with the 30 days before, not the previous month", () => {
    const p = periodFor("30d", "UTC", new Date("2025-04-30T12:00:00Z"));
    expect(p.current).toEqual({ start: "2025-04-01", end: "2025-04-30" });
    expect(p.previous).toEqual({ start: "2025-03-02", end: "2025-03-31" });
  });
});

describe("custom periods: start/end/compare (docs/api.md, Extensions to v1)", () => {
  // 23:30 UTC on 10 March is 11 March in Paris: the as-of day.
  const now = new Date("2025-03-10T23:30:00Z");
  const resolve = (q: Parameters<typeof resolvePeriod>[0]) => resolvePeriod(q, "Europe/Paris", now);

  it("a whole month compares with the previous month; the range echoes custom", () => {
    expect(resolve({ start: "2025-02-01", end: "2025-02-28" })).toEqual(
      parisPeriod("custom", 28, "month", true, ["2025-02-01", "2025-02-28"], ["2025-01-01", "2025-01-31"]),
    );
  });

  it("month to date up to the as-of day, and compare=year with a range", () => {
    const mtd = resolve({ start: "2025-03-01", end: "2025-03-11" });
    expect([mtd.current, mtd.previous, mtd.kind]).toEqual([
      { start: "2025-03-01", end: "2025-03-11" },
      { start: "2025-02-01", end: "2025-02-11" },
      "month_to_date",
    ]);
    const year = resolve({ range: "7d", compare: "year" });
    expect([year.range, year.current, year.previous, year.extended]).toEqual([
      "7d",
      { start: "2025-03-05", end: "2025-03-11" },
      { start: "2024-03-05", end: "2024-03-11" },
      true,
    ]);
  });

  it("366 days is the longest period", () => {
    expect(resolve({ start: "2024-03-11", end: "2025-03-11" }).days).toBe(366);
  });

  it("bad combinations name the parameter", () => {
    const error = (q: Parameters<typeof resolvePeriod>[0]) => {
      try {
        resolve(q);
      } catch (e) {
        if (e instanceof PeriodParamError) return [e.param, e.message];
        throw e;
      }
      return undefined;
    };
    expect(error({ start: "2025-03-02", end: "2025-03-01" })).toEqual(["start", "must not be after end"]);
    expect(error({ start: "2025-03-01", end: "2025-03-12" })).toEqual([
      "end",
      "must not be after the as-of day 2025-03-11",
    ]);
    expect(error({ start: "2024-03-10", end: "2025-03-11" })).toEqual([
      "end",
      "must be at most 366 days after start, counting both",
    ]);
    expect(error({ start: "2025-03-01" })).toEqual(["end", "is required with start"]);
    expect(error({ end: "2025-03-01" })).toEqual(["start", "is required with end"]);
  });
});
