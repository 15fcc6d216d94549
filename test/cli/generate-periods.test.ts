import { readdir } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { generateCommand } from "../../src/cli/commands/generate.js";
import { parseGenerateFlags } from "../../src/cli/commands/generate-options.js";
import { CliError, EXIT } from "../../src/cli/errors.js";
import type { Io } from "../../src/cli/io.js";
import { checkPeriodOver } from "../../src/cli/period-flags.js";
import { tempDir } from "../_tmp.js";

const quiet: Io = { out: () => {}, err: () => {}, tty: false };

describe("vreport generate: period flags (docs/decisions.md#period)", () => {
  const out = tempDir("cli-periods");

  it.each([
    [{ range: "30d", month: "2026-10" }, "--range and --month cannot be used together: pick one"],
    [{ month: "2026-10", period: "last-month" }, "--month and --period cannot be used together: pick one"],
    [
      { period: "last-month", from: "2026-10-01", to: "2026-10-31" },
      "--period and --from cannot be used together: pick one",
    ],
    [
      { range: "7d", from: "2026-10-01", to: "2026-10-31" },
      "--range and --from cannot be used together: pick one",
    ],
    [
      { month: "2026-13" },
      'invalid --month "2026-13": allowed values are months YYYY-MM from 2000-01 to 9999-11',
    ],
    [
      { month: "2026-1" },
      'invalid --month "2026-1": allowed values are months YYYY-MM from 2000-01 to 9999-11',
    ],
    [
      { period: "last-week" },
      'invalid --period "last-week": allowed values are last-month, last-quarter, month-to-date (a given month: --month 2026-10; given days: --from and --to)',
    ],
    [{ from: "2026-10-01" }, "--from needs --to: give the last day of the period too"],
    [{ to: "2026-10-31" }, "--to needs --from: give both, or use --month or --period"],
    [{ from: "2026-10-31", to: "2026-10-01" }, "--from 2026-10-31 is after --to 2026-10-01"],
    [
      { from: "2026-02-30", to: "2026-03-01" },
      'invalid --from "2026-02-30": allowed values are dates YYYY-MM-DD from 2000-01-01 to 9999-12-30',
    ],
    // Days the service cannot compute with (PostgreSQL has no year 0) stop at the flag.
    [
      { from: "0001-01-01", to: "0001-01-31" },
      'invalid --from "0001-01-01": allowed values are dates YYYY-MM-DD from 2000-01-01 to 9999-12-30',
    ],
    [
      { from: "2026-10-01", to: "9999-12-31" },
      'invalid --to "9999-12-31": allowed values are dates YYYY-MM-DD from 2000-01-01 to 9999-12-30',
    ],
    [
      { month: "0001-01" },
      'invalid --month "0001-01": allowed values are months YYYY-MM from 2000-01 to 9999-11',
    ],
    [
      { month: "9999-12" },
      'invalid --month "9999-12": allowed values are months YYYY-MM from 2000-01 to 9999-11',
    ],
    [
      { month: "2026-10", compare: "last-year" },
      'invalid --compare "last-year": allowed values are previous, year',
    ],
  ])("%o → exit 2, nothing written", async (flags, message) => {
    let caught: unknown;
    try {
      await generateCommand({ out, format: "md", ...flags }, quiet);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(CliError);
    expect({ code: (caught as CliError).exitCode, message: (caught as CliError).message }).toEqual({
      code: EXIT.usage,
      message,
    });
    expect(await readdir(out)).toEqual([]);
  });

  it("each flag becomes the period the report asks for", () => {
    const period = (flags: Record<string, string>) => parseGenerateFlags(flags, {}).period;
    expect(period({})).toEqual({ range: "30d" });
    expect(period({ range: "90d", compare: "year" })).toEqual({ range: "90d", compare: "year" });
    expect(period({ month: "2026-10" })).toEqual({ month: "2026-10" });
    expect(period({ period: "last-quarter", compare: "previous" })).toEqual({
      named: "last-quarter",
      compare: "previous",
    });
    expect(period({ from: "2026-10-01", to: "2026-10-12" })).toEqual({
      start: "2026-10-01",
      end: "2026-10-12",
    });
  });

  it("--month of a month not over on the as-of day is a flag error naming --period month-to-date", () => {
    const message =
      "--month 2026-11 is not over on the as-of day 2026-11-28: use --period month-to-date for this month so far, or --month 2026-10 for the last whole month";
    expect(() => checkPeriodOver({ month: "2026-11" }, "2026-11-28")).toThrow(
      expect.objectContaining({ exitCode: EXIT.usage, message }),
    );
    expect(() => checkPeriodOver({ month: "2026-12" }, "2026-11-28")).toThrow(/^--month 2026-12 is not over/);
    expect(() => checkPeriodOver({ month: "2026-10" }, "2026-11-01")).not.toThrow();
    // A remote service's day is its workspace's: refused only where the month is not over anywhere yet.
    // Its message names no day: the earliest zone's would be no one's as-of day.
    expect(() => checkPeriodOver({ month: "2026-11" }, undefined, new Date("2026-11-30T09:00:00Z"))).toThrow(
      expect.objectContaining({
        message:
          "--month 2026-11 is not over yet: use --period month-to-date for this month so far, or --month 2026-10 for the last whole month",
      }),
    );
    expect(() =>
      checkPeriodOver({ month: "2026-11" }, undefined, new Date("2026-11-30T12:00:00Z")),
    ).not.toThrow();
  });

  it("--to after the as-of day, and a custom period of more than 366 days, are flag errors", () => {
    const period = (flags: Record<string, string>) => parseGenerateFlags(flags, {}).period;
    expect(() => checkPeriodOver({ start: "2026-10-01", end: "2026-12-31" }, "2026-11-01")).toThrow(
      expect.objectContaining({
        exitCode: EXIT.usage,
        message: "--to 2026-12-31 is not over on the as-of day 2026-11-01: give a last day that has passed",
      }),
    );
    expect(() => checkPeriodOver({ start: "2026-10-01", end: "2026-11-01" }, "2026-11-01")).not.toThrow();
    // 2025-01-01 to 2026-01-01: 366 days (2025 has 365) is allowed, a day more is not.
    expect(period({ from: "2025-01-01", to: "2026-01-01" })).toEqual({
      start: "2025-01-01",
      end: "2026-01-01",
    });
    expect(() => period({ from: "2025-01-01", to: "2026-01-02" })).toThrow(
      expect.objectContaining({
        exitCode: EXIT.usage,
        message: "--from 2025-01-01 --to 2026-01-02 is 367 days: a custom period is at most 366 days",
      }),
    );
  });
});
