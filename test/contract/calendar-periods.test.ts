import { describe, expect, it } from "vitest";
import {
  comparisonOf,
  kindOf,
  monthRange,
  namedPeriod,
  periodLabel,
  yearEarlier,
} from "../../src/contract/calendar-periods.js";

describe("calendar periods (docs/decisions.md#period)", () => {
  it("recognises whole months, whole quarters, month-to-date and other ranges", () => {
    expect(kindOf({ start: "2025-10-01", end: "2025-10-31" })).toBe("month");
    expect(kindOf({ start: "2024-02-01", end: "2024-02-29" })).toBe("month");
    expect(kindOf({ start: "2024-02-01", end: "2024-02-28" })).toBe("month_to_date");
    expect(kindOf({ start: "2025-07-01", end: "2025-09-30" })).toBe("quarter");
    // Three whole months that are not a calendar quarter.
    expect(kindOf({ start: "2025-08-01", end: "2025-10-31" })).toBe("days");
    expect(kindOf({ start: "2025-10-02", end: "2025-10-31" })).toBe("days");
    expect(kindOf({ start: "2025-10-01", end: "2025-11-15" })).toBe("days");
  });

  it("previous: month → previous month, quarter → previous quarter, across the year", () => {
    expect(comparisonOf({ start: "2025-10-01", end: "2025-10-31" }, "previous")).toEqual({
      start: "2025-09-01",
      end: "2025-09-30",
    });
    expect(comparisonOf({ start: "2025-03-01", end: "2025-03-31" }, "previous")).toEqual({
      start: "2025-02-01",
      end: "2025-02-28",
    });
    expect(comparisonOf({ start: "2026-01-01", end: "2026-01-31" }, "previous")).toEqual({
      start: "2025-12-01",
      end: "2025-12-31",
    });
    expect(comparisonOf({ start: "2025-01-01", end: "2025-03-31" }, "previous")).toEqual({
      start: "2024-10-01",
      end: "2024-12-31",
    });
    expect(comparisonOf({ start: "2025-04-01", end: "2025-06-30" }, "previous")).toEqual({
      start: "2025-01-01",
      end: "2025-03-31",
    });
  });

  it("previous: 1st to day d → 1st to day d of the previous month, clipped to its length", () => {
    expect(comparisonOf({ start: "2025-10-01", end: "2025-10-12" }, "previous")).toEqual({
      start: "2025-09-01",
      end: "2025-09-12",
    });
    // 30 March: February 2025 has 28 days.
    expect(comparisonOf({ start: "2025-03-01", end: "2025-03-30" }, "previous")).toEqual({
      start: "2025-02-01",
      end: "2025-02-28",
    });
    // 30 May: April has 30 days, so nothing is clipped.
    expect(comparisonOf({ start: "2025-05-01", end: "2025-05-30" }, "previous")).toEqual({
      start: "2025-04-01",
      end: "2025-04-30",
    });
  });

  it("previous: any other period → the same number of days right before", () => {
    // 15 Oct – 14 Nov = 31 days; the 31 days before end on 14 Oct.
    expect(comparisonOf({ start: "2025-10-15", end: "2025-11-14" }, "previous")).toEqual({
      start: "2025-09-14",
      end: "2025-10-14",
    });
    expect(comparisonOf({ start: "2025-03-05", end: "2025-03-05" }, "previous")).toEqual({
      start: "2025-03-04",
      end: "2025-03-04",
    });
  });

  it("year: the same dates a year earlier, 29 February → 28 February", () => {
    expect(comparisonOf({ start: "2025-10-01", end: "2025-10-31" }, "year")).toEqual({
      start: "2024-10-01",
      end: "2024-10-31",
    });
    expect(comparisonOf({ start: "2024-02-01", end: "2024-02-29" }, "year")).toEqual({
      start: "2023-02-01",
      end: "2023-02-28",
    });
    expect(yearEarlier("2024-02-29")).toBe("2023-02-28");
    expect(yearEarlier("2025-02-28")).toBe("2024-02-28");
    expect(yearEarlier("2025-01-01")).toBe("2024-01-01");
  });

  it("named periods as of a day", () => {
    expect(monthRange("2026-10")).toEqual({ start: "2026-10-01", end: "2026-10-31" });
    expect(namedPeriod("last-month", "2026-11-25")).toEqual({ start: "2026-10-01", end: "2026-10-31" });
    expect(namedPeriod("last-month", "2026-01-01")).toEqual({ start: "2025-12-01", end: "2025-12-31" });
    expect(namedPeriod("last-quarter", "2026-11-25")).toEqual({ start: "2026-07-01", end: "2026-09-30" });
    expect(namedPeriod("last-quarter", "2026-02-10")).toEqual({ start: "2025-10-01", end: "2025-12-31" });
    expect(namedPeriod("month-to-date", "2026-11-25")).toEqual({ start: "2026-11-01", end: "2026-11-25" });
  });

  it("labels name the period as a reader says it", () => {
    expect(periodLabel({ start: "2025-10-01", end: "2025-10-31" })).toBe("October 2025");
    expect(periodLabel({ start: "2025-07-01", end: "2025-09-30" })).toBe("Q3 2025");
    expect(periodLabel({ start: "2025-10-01", end: "2025-10-15" })).toBe("1–15 October 2025");
    expect(periodLabel({ start: "2025-09-03", end: "2025-10-02" })).toBe("3 September – 2 October 2025");
    expect(periodLabel({ start: "2025-12-20", end: "2026-01-05" })).toBe("20 December 2025 – 5 January 2026");
    expect(periodLabel({ start: "2025-12-20", end: "2025-12-20" })).toBe("20 December 2025");
  });
});
