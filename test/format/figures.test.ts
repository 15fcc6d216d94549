import { describe, expect, it } from "vitest";
import {
  formatCount,
  formatDeltaCount,
  formatDeltaPp,
  formatPercent,
  formatValue,
  MINUS,
} from "../../src/format/figures.js";

describe("output conventions (docs/architecture.md)", () => {
  it("formats rates with one decimal", () => {
    expect(formatPercent(0.4231)).toBe("42.3%");
    expect(formatPercent(0)).toBe("0.0%");
    expect(formatPercent(1)).toBe("100.0%");
    expect(formatPercent(3 / 8)).toBe("37.5%");
  });
  it("formats rate deltas in signed percentage points with a true minus", () => {
    expect(formatDeltaPp(0.042)).toBe("+4.2\u00a0pp");
    expect(formatDeltaPp(-0.01)).toBe(`${MINUS}1.0\u00a0pp`);
    expect(formatDeltaPp(0)).toBe("0.0\u00a0pp");
    expect(formatDeltaPp(-0.0001)).toBe("0.0\u00a0pp");
    expect(formatDeltaPp(0.0004)).toBe("0.0\u00a0pp");
  });
  it("formats counts with thousands separators", () => {
    expect(formatCount(12345)).toBe("12,345");
    expect(formatCount(0)).toBe("0");
    expect(formatDeltaCount(1234)).toBe("+1,234");
    expect(formatDeltaCount(-3)).toBe(`${MINUS}3`);
    expect(formatDeltaCount(0)).toBe("0");
  });
  it("formats the other cell types", () => {
    expect(formatValue("date", "2026-11-01T10:00:00Z")).toBe("2026-11-01");
    expect(formatValue("platform", "google_ai_overview")).toBe("Google AI Overviews");
    expect(formatValue("boolean", true)).toBe("Yes");
    expect(formatValue("percent", null)).toBe("—");
  });
});
