import { describe, expect, it } from "vitest";
import { periodQuery } from "../../src/report/period-choice.js";

describe("the API query of a report's period (docs/decisions.md#period)", () => {
  // 23:30 UTC on 31 October is already 1 November in Paris.
  const now = new Date("2026-10-31T23:30:00Z");

  it("named periods are relative to today in the workspace timezone", () => {
    expect(periodQuery({ named: "last-month" }, "Europe/Paris", now)).toEqual({
      start: "2026-10-01",
      end: "2026-10-31",
    });
    expect(periodQuery({ named: "last-month" }, "America/New_York", now)).toEqual({
      start: "2026-09-01",
      end: "2026-09-30",
    });
    expect(periodQuery({ named: "month-to-date", compare: "year" }, "Europe/Paris", now)).toEqual({
      start: "2026-11-01",
      end: "2026-11-01",
      compare: "year",
    });
  });

  it("months, dates and ranges", () => {
    expect(periodQuery({ month: "2024-02" }, "UTC", now)).toEqual({ start: "2024-02-01", end: "2024-02-29" });
    expect(periodQuery({ start: "2026-10-01", end: "2026-10-12" }, "UTC", now)).toEqual({
      start: "2026-10-01",
      end: "2026-10-12",
    });
    expect(periodQuery("30d", "UTC", now)).toEqual({ range: "30d" });
    expect(periodQuery({ range: "7d", compare: "year" }, "UTC", now)).toEqual({
      range: "7d",
      compare: "year",
    });
  });
});
