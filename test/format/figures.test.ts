import { describe, expect, it } from "vitest";
import { formatCount, MINUS, platformName } from "../../src/format/figures.js";
import { ENGLISH, langOf } from "../../src/format/i18n/index.js";
import { formatIn } from "../../src/format/i18n/value.js";

/** The output conventions (docs/architecture.md) as an English report writes them. */
describe("output conventions (docs/architecture.md)", () => {
  const f = ENGLISH.f;
  it("formats rates with one decimal", () => {
    expect(f.percent(0.4231)).toBe("42.3%");
    expect(f.percent(0)).toBe("0.0%");
    expect(f.percent(1)).toBe("100.0%");
    expect(f.percent(3 / 8)).toBe("37.5%");
  });
  it("formats rate deltas in signed percentage points with a true minus", () => {
    expect(f.deltaPp(0.042)).toBe("+4.2\u00a0pp");
    expect(f.deltaPp(-0.01)).toBe(`${MINUS}1.0\u00a0pp`);
    expect(f.deltaPp(0)).toBe("0.0\u00a0pp");
    expect(f.deltaPp(-0.0001)).toBe("0.0\u00a0pp");
    expect(f.deltaPp(0.0004)).toBe("0.0\u00a0pp");
  });
  it("never writes an interval's non-zero bound as 0.0, which would seem to touch zero", () => {
    // A significant rise whose interval's lower bound is 0.034 pp (the 7-day demo's mention rate).
    expect(ENGLISH.m.kpis.interval(0.00034, 0.031)).toBe("95% interval +0.03 to +3.1\u00a0pp");
    expect(ENGLISH.m.kpis.interval(-0.052, -0.0004)).toBe(`95% interval ${MINUS}5.2 to ${MINUS}0.04\u00a0pp`);
    expect(ENGLISH.m.kpis.interval(0, 0.02)).toBe("95% interval 0.0 to +2.0\u00a0pp");
    expect(langOf("de-DE").m.kpis.interval(0.00034, 0.031)).toBe("95-%-Intervall +0,03 bis +3,1\u00a0Pp.");
  });
  it("formats counts with thousands separators", () => {
    expect(formatCount(12345)).toBe("12,345");
    expect(formatCount(0)).toBe("0");
    expect(formatCount(-3)).toBe(`${MINUS}3`);
    expect(f.deltaCount(1234)).toBe("+1,234");
    expect(f.deltaCount(-3)).toBe(`${MINUS}3`);
    expect(f.deltaCount(0)).toBe("0");
  });
  it("formats the other cell types", () => {
    expect(formatIn(ENGLISH, "date", "2026-11-01")).toBe("2026-11-01");
    expect(formatIn(ENGLISH, "platform", "google_ai_overview")).toBe("Google AI Overviews");
    expect(platformName("somewhere_new")).toBe("somewhere_new");
    expect(formatIn(ENGLISH, "boolean", true)).toBe("Yes");
    expect(formatIn(ENGLISH, "percent", null)).toBe("—");
  });
});
