import { describe, expect, it } from "vitest";
import {
  addDays,
  dayIn,
  daysBetween,
  periodFor,
  reportPeriod,
} from "../../../src/service/analytics/period.js";

describe("period rule", () => {
  it("as-of day is today in the workspace timezone: 23:30 UTC is already tomorrow in Paris", () => {
    const now = new Date("2025-03-10T23:30:00Z");
    expect(dayIn("Europe/Paris", now)).toBe("2025-03-11");
    expect(dayIn("UTC", now)).toBe("2025-03-10");
    expect(dayIn("America/New_York", now)).toBe("2025-03-10");
    expect(periodFor("7d", "Europe/Paris", now)).toEqual({
      range: "7d",
      days: 7,
      timezone: "Europe/Paris",
      asOf: "2025-03-11",
      current: { start: "2025-03-05", end: "2025-03-11" },
      previous: { start: "2025-02-26", end: "2025-03-04" },
    });
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
    expect(reportPeriod(periodFor("7d", "UTC", new Date("2025-01-07T12:00:00Z")))).toEqual({
      as_of: "2025-01-07",
      timezone: "UTC",
      start: "2025-01-01",
      end: "2025-01-07",
      previous_start: "2024-12-25",
      previous_end: "2024-12-31",
    });
  });
});
