/** Which answers the evidence section quotes (docs/metrics.md, "Evidence"), from the report alone. */
import { describe, expect, it } from "vitest";
import { evidencePicks } from "../../src/report/evidence-picks.js";
import { smallReport } from "../fixtures/report-data.js";

describe("evidencePicks", () => {
  it("quotes the top gap's latest gap answer by platform and day, then the prompts whose mention rate grew", () => {
    const report = smallReport();
    const [gap, ...wins] = evidencePicks(report);
    // P2's latest gap answer: perplexity, 2026-11-01T08:00Z = 09:00 in Paris, the same day.
    expect(gap).toMatchObject({
      kind: "gap",
      promptText: "crm with email sync",
      query: { platform: "perplexity", date: "2026-11-01" },
    });
    // P1 rose by 25 pp; P2 (−25 pp) is already quoted as a gap and fell anyway.
    expect(wins).toEqual([
      expect.objectContaining({
        kind: "win",
        promptText: "best crm for startups",
        mentionRate: 0.5,
        delta: 0.25,
      }),
    ]);
  });

  it("without a comparison period, quotes the prompts that name the brand most and shows no change", () => {
    const report = smallReport();
    report.period.previous_days_with_data = 0;
    const prompts = report.sections.find((s) => s.key === "prompts");
    if (prompts?.key === "prompts") prompts.gaps = [];
    expect(
      evidencePicks(report).map((p) => [p.kind, p.promptText, p.kind === "win" ? p.delta : null]),
    ).toEqual([
      ["win", "best crm for startups", null], // 50 %
      ["win", "crm with email sync", null], // 25 %
    ]);
  });
});
