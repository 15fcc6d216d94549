/**
 * Opportunities as themes (docs/claims.md): the gap prompts grouped by the competitor a prompt
 * names, else its category, one action per theme with summed figures; work the change log says is
 * done goes last and says so; no two open actions are the same sentence.
 */
import { describe, expect, it } from "vitest";
import type { ChangeLog } from "../../src/config/changes-file.js";
import type { PromptGap } from "../../src/contract/index.js";
import { changeLog } from "../../src/report/change-log.js";
import { opportunities } from "../../src/report/opportunities.js";
import { opportunityThemes } from "../../src/report/opportunity-themes.js";
import { monthReportData } from "../fixtures/change-log.js";

const gap = (
  n: number,
  text: string,
  category: string | null,
  extra: Partial<PromptGap> = {},
): PromptGap => ({
  prompt_id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, "0")}`,
  prompt_text: text,
  category,
  snapshots: 10,
  mentioned: 0,
  gap_answers: n,
  platforms: ["chatgpt", "grok"],
  gap_platforms: ["chatgpt", "grok"],
  brand_platforms: [],
  competitors: [
    { name: "Nimbus Metrics", answers: n },
    { name: "Lumora", answers: 1 },
  ],
  pages: [{ url: "nimbus.io/guide", competitor_name: "Nimbus Metrics", citations: n }],
  latest: {
    answer_id: "00000000-0000-4000-8000-000000000099",
    platform: "grok",
    collected_at: "2026-10-30T08:00:00.000Z",
  },
  ...extra,
});

const GAPS = [
  gap(9, "Best Lumora alternative for SaaS?", "CRM"),
  gap(8, "Top CRM for startups?", "CRM"),
  gap(7, "Lumora alternatives that integrate with HubSpot?", "Email"),
  gap(6, "CRM with email sync?", "CRM"),
  gap(5, "How to measure email ROI?", null),
];
const RIVALS = ["Nimbus Metrics", "Lumora"];
/** The change log's `entries` against a report of October 2026 without daily rates. */
const octoberLog = (entries: ChangeLog["entries"]) =>
  changeLog(
    { file: "changes.csv", entries },
    { start: "2026-10-01", end: "2026-10-31", previous_start: "2026-09-01", previous_end: "2026-09-30" },
    { rows: [], previous_rows: [], by_platform: [], by_category: [] },
  );

describe("opportunity themes", () => {
  it("groups by the competitor a prompt names, else its category, with summed figures and one action each", () => {
    const themes = opportunityThemes(opportunities(GAPS, "Acme"), RIVALS, "Acme");
    expect(themes.map((t) => [t.key, t.prompts.length, t.gapAnswers, t.snapshots])).toEqual([
      // 8 + 6 gap answers over 20 answers; the Lumora prompts (9 + 7) whatever their category.
      ["competitor:Lumora", 2, 16, 20],
      ["category:CRM", 2, 14, 20],
      ["other", 1, 5, 10],
    ]);
    expect(themes[0]!.action).toBe(
      "Publish a comparison page against Lumora that answers the 2 prompts naming it (“Best Lumora alternative for SaaS?”, “Lumora alternatives that integrate with HubSpot?”): Nimbus Metrics is named without Acme in 16 of the prompts' 20 answers; Nimbus Metrics' nimbus.io/guide is the page most cited there, in 16 of them.",
    );
    expect(themes[1]!.action).toBe(
      "Publish or strengthen pages on CRM for its 2 prompts (“Top CRM for startups?”, “CRM with email sync?”): competitors are named without Acme in 14 of the prompts' 20 answers, most often Nimbus Metrics (14 answers) and Lumora (2 answers); the same page is the most cited there too, in 14 of them.",
    );
    expect(themes[2]!.action).toBe(
      "Publish pages that answer this prompt (“How to measure email ROI?”): competitors are named without Acme in 5 of the prompt's 10 answers, most often Nimbus Metrics (5 answers) and Lumora (1 answer); the same page is the most cited there too, in 5 of them.",
    );
    // No two actions are the same sentence with other numbers.
    const shapes = themes.map((t) => t.action.replace(/[\d,.]+/g, "#").replace(/“[^”]*”/g, "“…”"));
    expect(new Set(shapes).size).toBe(themes.length);
  });

  it("puts a theme the change log says was done last, with the entry instead of an action", () => {
    const log = octoberLog([{ date: "2026-10-06", label: "Comparison pages against Lumora", line: 2 }]);
    const themes = opportunityThemes(opportunities(GAPS, "Acme", undefined, log, RIVALS), RIVALS, "Acme");
    expect(themes.map((t) => t.key)).toEqual(["category:CRM", "other", "competitor:Lumora"]);
    expect(themes[2]!.action).toBe(
      "Already done for these 2 prompts: “Comparison pages against Lumora” went live on 2026-10-06; no answers were collected in the 14 days before it, so before and after are not compared. Competitors are still named without Acme in 16 of their 20 answers.",
    );
  });

  it("starts the weakest platform's theme with the prompts still to work on, and says how many have work done", () => {
    const log = octoberLog([{ date: "2026-10-06", label: "Comparison pages against Lumora", line: 2 }]);
    const focus = { citations: false, weakest: { platform: "grok" as const, rate: 0.125 } };
    const themes = opportunityThemes(
      opportunities(GAPS, "Acme", undefined, log, RIVALS),
      RIVALS,
      "Acme",
      undefined,
      focus,
    );
    // Grok names competitors and never Acme on all 5 prompts; the 2 Lumora ones are done.
    const grok = themes.find((t) => t.key === "platform:grok")!;
    expect([grok.prompts.length, grok.sharing, grok.gapAnswers, grok.snapshots]).toEqual([3, 5, 19, 30]);
    expect(grok.action).toBe(
      "Close the gap on Grok, which names Acme in 12.5% of its answers, the fewest of any platform: of the 5 prompts where it names competitors and never Acme, 2 are covered by work already done; start with the other 3 (“Top CRM for startups?” and 2 more). On all platforms, competitors are named without Acme in 19 of the prompts' 30 answers, most often Nimbus Metrics (19 answers) and Lumora (3 answers); Nimbus Metrics' nimbus.io/guide is the page most cited there, in 19 of them.",
    );
    // With nothing done, the theme takes all 5 and says so once.
    const open = opportunityThemes(opportunities(GAPS, "Acme"), RIVALS, "Acme", undefined, focus);
    expect(open.find((t) => t.key === "platform:grok")!.action).toMatch(
      /the fewest of any platform: start with the 5 prompts where it names competitors and never Acme \(/,
    );
  });

  it("counts work done before the period as done, and work after it as not yet done", () => {
    const trend = { rows: [], previous_rows: [], by_platform: [], by_category: [] };
    const period = {
      start: "2026-10-26",
      end: "2026-11-01",
      previous_start: "2026-10-19",
      previous_end: "2026-10-25",
    };
    const themesWith = (date: string) => {
      const entries = [{ date, label: "Comparison pages against Lumora", line: 2 }];
      const log = changeLog({ file: "changes.csv", entries }, period, trend);
      return opportunityThemes(opportunities(GAPS, "Acme", undefined, log, RIVALS), RIVALS, "Acme");
    };
    // Live three weeks before a 7-day report: not in its period, still done.
    const before = themesWith("2026-10-06");
    expect(before.map((t) => t.key)).toEqual(["category:CRM", "other", "competitor:Lumora"]);
    expect(before[2]!.action).toBe(
      "Already done for these 2 prompts: “Comparison pages against Lumora” went live on 2026-10-06; this report holds 0 of the 14 days before it and 1 of the 14 after: too few to compare before and after. Competitors are still named without Acme in 16 of their 20 answers.",
    );
    // Dated after the report's last day: not done yet when the period ended.
    const after = themesWith("2026-11-05");
    expect(after.find((t) => t.key === "competitor:Lumora")!.action).toMatch(/^Publish /);
  });

  it("says whose mention rate an entry's before and after are: all prompts', its platform's or its category's", () => {
    // Hand-computed in test/fixtures/change-log.ts: all prompts 19.3 % → 40.0 % around October 15.
    const data = monthReportData();
    if (!data.report.ok) throw new Error("fixture");
    const report = data.report.value;
    const trend = report.sections.find((x) => x.key === "trend");
    if (trend?.key !== "trend") throw new Error("fixture");
    const log = changeLog(
      {
        file: "changes.csv",
        entries: [{ date: "2026-10-15", label: "Comparison pages against Lumora", line: 2 }],
      },
      report.period,
      trend,
    );
    const themes = opportunityThemes(opportunities(GAPS, "Acme", undefined, log, RIVALS), RIVALS, "Acme");
    expect(themes.find((t) => t.key === "competitor:Lumora")!.action).toBe(
      "Already done for these 2 prompts: “Comparison pages against Lumora” went live on 2026-10-15; mention rate over all prompts and platforms 19.3% in the 14 days before, 40.0% in the 14 days after. Competitors are still named without Acme in 16 of their 20 answers.",
    );
  });

  it("builds on pages the change log says went live on a category, rather than proposing them afresh", () => {
    const themesOf = (label: string) => {
      const log = octoberLog([{ date: "2026-09-15", label, line: 2 }]);
      const list = opportunities(GAPS, "Acme", undefined, log, RIVALS);
      return opportunityThemes(list, RIVALS, "Acme", undefined, undefined, log);
    };
    expect(themesOf("CRM guide hub live").find((t) => t.key === "category:CRM")!.action).toBe(
      "Build on “CRM guide hub live” (2026-09-15) with pages on CRM for its 2 prompts (“Top CRM for startups?”, “CRM with email sync?”): competitors are named without Acme in 14 of the prompts' 20 answers, most often Nimbus Metrics (14 answers) and Lumora (2 answers); the same page is the most cited there too, in 14 of them.",
    );
    // An entry about another category publishes nothing on CRM.
    expect(themesOf("Email guide live").find((t) => t.key === "category:CRM")!.action).toMatch(
      /^Publish or strengthen pages on CRM/,
    );
  });
});
