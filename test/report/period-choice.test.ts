import { describe, expect, it } from "vitest";
import { dayIn } from "../../src/contract/index.js";
import { onServiceDay, periodAsOf, periodQuery } from "../../src/report/period.js";
import { choiceKey } from "../../src/report/period-choice.js";

describe("a report's period, resolved once (docs/decisions.md#period)", () => {
  // 23:30 UTC on 31 October is already 1 November in Paris.
  const now = new Date("2026-10-31T23:30:00Z");
  const at = (timezone: string) => ({ timezone, asOf: dayIn(timezone, now) });

  it("named periods are relative to today in the workspace timezone", () => {
    const paris = periodAsOf({ named: "last-month" }, at("Europe/Paris"));
    expect(paris).toEqual({
      current: { start: "2026-10-01", end: "2026-10-31" },
      previous: { start: "2026-09-01", end: "2026-09-30" },
      compare: "previous",
      label: "2026-10",
      timezone: "Europe/Paris",
      asOf: "2026-11-01",
    });
    expect(periodQuery(paris)).toEqual({ start: "2026-10-01", end: "2026-10-31" });
    expect(periodAsOf({ named: "last-month" }, at("America/New_York")).current).toEqual({
      start: "2026-09-01",
      end: "2026-09-30",
    });
    const mtd = periodAsOf({ named: "month-to-date", compare: "year" }, at("Europe/Paris"));
    expect(periodQuery(mtd)).toEqual({ start: "2026-11-01", end: "2026-11-01", compare: "year" });
    expect(mtd.previous).toEqual({ start: "2025-11-01", end: "2025-11-01" });
  });

  it("months, dates and ranges: their days, comparison, name and query", () => {
    const feb = periodAsOf({ month: "2024-02" }, at("UTC"));
    expect([feb.current, feb.previous, feb.label]).toEqual([
      { start: "2024-02-01", end: "2024-02-29" },
      { start: "2024-01-01", end: "2024-01-31" },
      "2024-02",
    ]);
    expect(periodQuery(feb)).toEqual({ start: "2024-02-01", end: "2024-02-29" });
    const days = periodAsOf({ start: "2026-10-01", end: "2026-10-12" }, at("UTC"));
    expect([days.previous, days.label]).toEqual([
      { start: "2026-09-01", end: "2026-09-12" },
      "2026-10-01_2026-10-12",
    ]);
    expect(periodAsOf({ start: "2026-07-01", end: "2026-09-30", compare: "year" }, at("UTC")).label).toBe(
      "2026-Q3-vs-year",
    );
    // A rolling range keeps v1's name and query; its days end on the as-of day, the N days before compared.
    const range = periodAsOf({ range: "30d" }, at("UTC"));
    expect(range).toEqual({
      current: { start: "2026-10-02", end: "2026-10-31" },
      previous: { start: "2026-09-02", end: "2026-10-01" },
      compare: "previous",
      label: "30d-2026-10-31",
      timezone: "UTC",
      asOf: "2026-10-31",
      rolling: "30d",
    });
    expect(periodQuery(range)).toEqual({ range: "30d" });
    const year = periodAsOf({ range: "7d", compare: "year" }, at("UTC"));
    expect([periodQuery(year), year.label]).toEqual([
      { range: "7d", compare: "year" },
      "7d-2026-10-31-vs-year",
    ]);
  });

  it("a rolling range ends on the service's own day once it has answered; other periods stay as resolved", () => {
    const asked = periodAsOf(
      { range: "7d", compare: "year" },
      { timezone: "Europe/Paris", asOf: "2026-11-28" },
    );
    const served = onServiceDay(asked, "2025-06-30");
    expect([served.current, served.previous, served.label]).toEqual([
      { start: "2025-06-24", end: "2025-06-30" },
      { start: "2024-06-24", end: "2024-06-30" },
      "7d-2025-06-30-vs-year",
    ]);
    const month = periodAsOf({ month: "2025-05" }, at("UTC"));
    expect(onServiceDay(month, "2025-06-30")).toBe(month);
  });

  it("a choice as ids name it", () => {
    expect(
      [
        { range: "30d" as const },
        { named: "last-month" as const },
        { month: "2026-10", compare: "year" as const },
        { start: "2026-10-01", end: "2026-10-12" },
      ].map(choiceKey),
    ).toEqual(["30d", "last-month", "2026-10-vs-year", "2026-10-01_2026-10-12"]);
  });
});
