/** The suggested actions' rules (docs/metrics.md, "Opportunities"): one gap per rule, sentences exact. */
import { describe, expect, it } from "vitest";
import type { PromptGap } from "../../src/contract/index.js";
import { opportunityOf } from "../../src/report/opportunities.js";

const ID = "11111111-1111-4111-8111-111111111111";

/** A prompt answered 20 times on three platforms; 8 answers name Rival and not Acme. */
function gap(over: Partial<PromptGap>): PromptGap {
  return {
    prompt_id: ID,
    prompt_text: "best crm",
    category: null,
    snapshots: 20,
    mentioned: 6,
    gap_answers: 8,
    platforms: ["chatgpt", "perplexity", "claude"],
    gap_platforms: ["chatgpt", "perplexity"],
    brand_platforms: ["chatgpt", "perplexity", "claude"],
    competitors: [
      { name: "Rival", answers: 8 },
      { name: "Other", answers: 2 },
    ],
    pages: [{ url: "rival.com/crm", competitor_name: "Rival", citations: 3 }],
    latest: { answer_id: ID, platform: "chatgpt", collected_at: "2026-11-01T08:00:00.000Z" },
    ...over,
  };
}

describe("opportunityOf", () => {
  it("absent: no answer names the brand → publish a page, with the top competitor and page", () => {
    const o = opportunityOf(gap({ mentioned: 0, brand_platforms: [], gap_answers: 12 }), "Acme");
    expect(o.rule).toBe("absent");
    expect(o.action).toBe(
      "Publish a page that answers this prompt: none of its 20 answers names Acme; Rival is named in 8 and Rival's rival.com/crm is cited in 3.",
    );
  });

  it("absent without a cited competitor page", () => {
    const o = opportunityOf(gap({ mentioned: 0, brand_platforms: [], pages: [] }), "Acme");
    expect(o.action).toBe(
      "Publish a page that answers this prompt: none of its 20 answers names Acme; Rival is named in 8.",
    );
  });

  it("platforms: some gap platforms never name the brand → name them and those that do", () => {
    const o = opportunityOf(gap({ brand_platforms: ["claude"] }), "Acme");
    expect(o.rule).toBe("platforms");
    expect(o.action).toBe(
      "Find out what ChatGPT and Perplexity cite for this prompt: they never name Acme, while Claude does (6 of 20 answers).",
    );
    const one = opportunityOf(
      gap({ gap_platforms: ["perplexity"], brand_platforms: ["chatgpt", "claude"] }),
      "Acme",
    );
    expect(one.action).toBe(
      "Find out what Perplexity cites for this prompt: it never names Acme, while ChatGPT and Claude do (6 of 20 answers).",
    );
  });

  it("page: a competitor page cited in at least 10% of the gap answers", () => {
    // 3 of 8 gap answers cite rival.com/crm: 37.5% ≥ 10%.
    const o = opportunityOf(gap({}), "Acme");
    expect(o.rule).toBe("page");
    expect(o.action).toBe(
      "Publish or strengthen a page that answers this prompt better: Rival's rival.com/crm is cited in 3 of the 8 answers naming a competitor and not Acme.",
    );
  });

  it("consistency: the brand is named on every gap platform and no page explains the gap", () => {
    // 1 of 20 gap answers cites the page: 5% < 10%.
    const o = opportunityOf(
      gap({ gap_answers: 20, pages: [{ url: "rival.com/crm", competitor_name: "Rival", citations: 1 }] }),
      "Acme",
    );
    expect(o.rule).toBe("consistency");
    expect(o.action).toBe(
      "Strengthen what earns Acme its mentions here: it is named in 6 of 20 answers, and Rival is named without Acme in 8.",
    );
  });

  it("keeps every field of the gap, so the action's figures can be traced", () => {
    const g = gap({});
    expect(opportunityOf(g, "Acme")).toMatchObject(g);
  });
});
