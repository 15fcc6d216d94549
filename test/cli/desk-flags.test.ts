import { describe, expect, it } from "vitest";
import { parseDeskFlags } from "../../src/cli/commands/serve.js";
import { EXIT } from "../../src/cli/errors.js";

describe("vreport serve --desk: its flags (docs/review.md)", () => {
  it("reviews a month that is over, last month by default; a month not over is a flag error", () => {
    expect(parseDeskFlags({ desk: true }, "2026-11-01")?.period).toEqual({ named: "last-month" });
    expect(parseDeskFlags({ desk: true, month: "2026-10" }, "2026-11-01")?.period).toEqual({
      month: "2026-10",
    });
    expect(() => parseDeskFlags({ desk: true, month: "2026-11" }, "2026-11-01")).toThrow(
      expect.objectContaining({
        exitCode: EXIT.usage,
        message:
          "--month 2026-11 is not over on the as-of day 2026-11-01: use --period month-to-date for this month so far, or --month 2026-10 for the last whole month",
      }),
    );
  });

  it("refuses a desk flag without --desk", () => {
    expect(() => parseDeskFlags({ month: "2026-10" }, undefined)).toThrow(
      expect.objectContaining({ exitCode: EXIT.usage, message: "--month is a desk flag: add --desk" }),
    );
  });
});
