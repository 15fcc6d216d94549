import { describe, expect, it } from "vitest";
import { textEm, widestRunEm } from "../../src/render/html/text-width.js";

/** The definition the one-pass measure must keep: the widest match of letters and digits. */
const byRegex = (text: string, weight: "regular" | "bold" = "regular") =>
  Math.max(0, ...(text.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => textEm(w, weight)));

describe("widestRunEm", () => {
  it("measures the widest word of letters and digits, in any script", () => {
    // "ä" is a letter: the German word is one run, not "Erw" and "hnungsrate".
    expect(widestRunEm("die Erwähnungsrate")).toBe(textEm("Erwähnungsrate"));
    expect(widestRunEm("Erwähnungsrate")).toBeGreaterThan(textEm("hnungsrate"));
    // Symbols break a run: a URL may break at its slashes and dots.
    expect(widestRunEm("https://www.example.com/a-b")).toBe(textEm("example"));
    expect(widestRunEm("")).toBe(0);
    expect(widestRunEm("— … !!")).toBe(0);
    expect(widestRunEm("2026 Q4", "bold")).toBe(textEm("2026", "bold"));
  });

  it("agrees with the regular-expression definition on mixed text", () => {
    const texts = [
      "What is the best <b>analytics</b> tool for 2026?",
      "Acmé 🚀 Analytics vs. Nimbus-Metrics (北京分析) — ١٢٣ points",
      "tab\tand\nnew lines",
      "_under_score_ and CamelCase42",
    ];
    for (const t of texts) {
      expect(widestRunEm(t)).toBe(byRegex(t));
      expect(widestRunEm(t, "bold")).toBe(byRegex(t, "bold"));
    }
  });
});
