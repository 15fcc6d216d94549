import { describe, expect, it } from "vitest";
import { langOf } from "../../src/format/i18n/index.js";
import type { Claim } from "../../src/report/claims/claim.js";
import { say } from "../../src/report/claims/say.js";
import { coverageOf } from "../../src/report/coverage.js";
import { trendDay } from "../fixtures/trend-day.js";

const PERIOD = { start: "2026-10-01", end: "2026-10-07" };
const DAYS = ["2026-10-01", "2026-10-02", "2026-10-03", "2026-10-05", "2026-10-06", "2026-10-07"];
/** Gemini's answers by day; ChatGPT has 3 every collection day. Nothing is collected on 2026-10-04. */
const GEMINI: Record<string, number> = { "2026-10-01": 3, "2026-10-06": 1, "2026-10-07": 3 };

/**
 * A week with six collection days (nothing at all on 4 October: the schedule's gap, nobody's).
 * Gemini returned no answers on 2, 3 and 5 October (one run: 4 October is no collection day) and
 * 1 of 3 answers on the 6th: 3 + 3 + 3 + 2 = 11 answers short.
 */
function trend() {
  const day = (d: string, n: number) => trendDay(d, n, 0, 0, 0);
  return {
    rows: DAYS.map((d) => day(d, 3 + (GEMINI[d] ?? 0))),
    by_platform: [
      { platform: "chatgpt" as const, rows: DAYS.map((d) => day(d, 3)), previous_rows: [] },
      {
        platform: "gemini" as const,
        rows: DAYS.filter((d) => GEMINI[d] !== undefined).map((d) => day(d, GEMINI[d]!)),
        previous_rows: [],
      },
    ],
  };
}

describe("data coverage (docs/claims.md)", () => {
  it("finds each platform's missing and partial days against the days anything was collected", () => {
    expect(coverageOf(trend(), PERIOD, ["chatgpt", "gemini"])).toEqual({
      days: 6,
      short: [
        {
          platform: "gemini",
          missing: [{ start: "2026-10-02", end: "2026-10-05", days: 3 }],
          missingDays: 3,
          partial: [{ start: "2026-10-06", end: "2026-10-06", days: 1 }],
          partialDays: 1,
          shortfall: 11,
        },
      ],
    });
  });

  it("names a tracked platform that collected nothing at all, and nothing when every platform collected", () => {
    const none = coverageOf(trend(), PERIOD, ["chatgpt", "gemini", "grok"]).short.find(
      (p) => p.platform === "grok",
    );
    expect(none).toEqual({
      platform: "grok",
      missing: [{ start: "2026-10-01", end: "2026-10-07", days: 6 }],
      missingDays: 6,
      partial: [],
      partialDays: 0,
      shortfall: 18,
    });
    const whole = trend();
    whole.by_platform = whole.by_platform.slice(0, 1);
    expect(coverageOf(whole, PERIOD, []).short).toEqual([]);
  });

  it("says which platform, how many days and when, and how it explains the answers count", () => {
    const coverage = coverageOf(trend(), PERIOD, []);
    const claim = (answersChange: number | null, platforms = coverage.short, shortfall = 11): Claim => ({
      kind: "coverage",
      days: coverage.days,
      platforms,
      shortfall,
      answersChange,
      section: "summary",
      tone: "neutral",
      subjects: ["gemini"],
      rows: ["trend/gemini"],
    });
    const en = langOf("en-US");
    expect(say(claim(-11), en)).toBe(
      "No answers from Gemini on 3 of the period's 6 collection days (2026-10-02 to 2026-10-05) and fewer than from the other platforms on 1 day (2026-10-06): 11 answers fewer than a full collection, which explains the fall in answers analysed (−11).",
    );
    expect(say(claim(-20), en)).toBe(
      "No answers from Gemini on 3 of the period's 6 collection days (2026-10-02 to 2026-10-05) and fewer than from the other platforms on 1 day (2026-10-06): 11 answers fewer than a full collection, 11 of the fall in answers analysed (−20).",
    );
    expect(say(claim(5), en)).toBe(
      "No answers from Gemini on 3 of the period's 6 collection days (2026-10-02 to 2026-10-05) and fewer than from the other platforms on 1 day (2026-10-06): 11 answers fewer than a full collection.",
    );
    // Two platforms short: the answers they lack are counted together.
    const grok = {
      ...coverage.short[0]!,
      platform: "grok" as const,
      missing: [],
      missingDays: 0,
      shortfall: 4,
    };
    expect(say(claim(-11, [...coverage.short, grok], 15), en)).toBe(
      "No answers from Gemini on 3 of the period's 6 collection days (2026-10-02 to 2026-10-05) and fewer than from the other platforms on 1 day (2026-10-06); fewer answers from Grok than from the other platforms on 1 of the period's 6 collection days (2026-10-06): together 15 answers fewer than a full collection, which explains the fall in answers analysed (−11).",
    );
    expect(say(claim(-11), langOf("de-DE"))).toBe(
      "Keine Antworten von Gemini an 3 von 6 Erhebungstagen (02.10.2026 bis 05.10.2026) und an 1 Tag weniger als von den anderen Plattformen (06.10.2026): 11 Antworten weniger als bei vollständiger Erhebung; das erklärt den Rückgang der ausgewerteten Antworten (−11).",
    );
  });
});
