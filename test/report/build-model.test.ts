import { describe, expect, it } from "vitest";
import { ResponseShapeError } from "../../src/client/index.js";
import { SECTION_KEYS } from "../../src/config/section-keys.js";
import { draftView } from "../../src/render/build-view.js";
import { buildModel } from "../../src/report/build-model.js";
import { periodAsOf } from "../../src/report/period.js";
import { smallReportData, stats } from "../fixtures/report-data.js";

const BRANDING = { agencyName: "Northwind", accentColor: "#123456", locale: "en-US" };

describe("buildModel", () => {
  it("computes the executive summary from the numbers, by rule", () => {
    const model = buildModel(smallReportData());
    expect(model.findings.map((f) => f.text)).toEqual([
      // Significant: the fixture's change interval +5.0 to +20.0 pp excludes 0.
      "Mention rate rose significantly from 25.0% to 37.5% (+12.5\u00a0pp; 95% interval +5.0 to +20.0\u00a0pp).",
      // Not significant: −40.0 to +15.0 pp includes 0, so no direction is claimed.
      "Citation rate did not change significantly: 12.5% against 25.0% in the previous period (\u221212.5\u00a0pp; 95% interval \u221240.0 to +15.0\u00a0pp).",
      // 3/7 − 1/2 = −0.0714… → −7.1 pp; interval −20.0 to −1.0 pp.
      "Share of voice fell significantly from 50.0% to 42.9% (\u22127.1\u00a0pp; 95% interval \u221220.0 to \u22121.0\u00a0pp).",
      "No significant change in mention rate on ChatGPT and Perplexity.",
      "ChatGPT is the strongest platform (mention rate 50.0%); Perplexity the weakest (25.0%).",
      // Level with Acme before (25.0% and 50.0% each), ahead now: overtaken, which says more than "leads".
      "Rival overtook Acme on mention rate (50.0% against 37.5%; 25.0% against 25.0% in the previous period) and share of voice (57.1% against 42.9%; 50.0% against 50.0% in the previous period).",
      // The fixture's gap: P2 answered 4 times on 2 platforms, 2 answers name Rival and not Acme, all on Perplexity.
      "On 1 of 2 tracked prompts, answers name a competitor and not Acme; the widest gap is “crm with email sync” (on 1 of 2 platforms, 2 of 4 answers).",
    ]);
    expect(model.findings.map((f) => f.tone)).toEqual([
      "positive",
      "neutral",
      "negative",
      "neutral",
      "neutral",
      "negative",
      "negative",
    ]);
  });

  it("says the client fell behind, not that a competitor overtook it, when the competitor did not rise", () => {
    const data = smallReportData();
    if (!data.report.ok) throw new Error("fixture");
    const board = data.report.value.sections.find((x) => x.key === "competitors");
    if (board?.key !== "competitors") throw new Error("fixture");
    // Rival's mention rate 50.0% now and 50.0% before; Acme's 37.5%, down from 62.5%.
    const [acme, rival] = board.rows;
    acme!.mention_rate = 0.375;
    acme!.mention_delta = -0.25;
    rival!.mention_rate = 0.5;
    rival!.mention_delta = 0;
    rival!.sov = acme!.sov;
    rival!.sov_delta = acme!.sov_delta;
    const said = buildModel(data).findings.map((f) => f.text);
    expect(said).toContain(
      "Acme fell below Rival on mention rate (50.0% against 37.5%; 50.0% against 62.5% in the previous period).",
    );
    expect(said.some((t) => t.includes("overtook"))).toBe(false);
  });

  it("states a platform's change only when significant, rises and falls apart", () => {
    const data = smallReportData();
    if (!data.report.ok) throw new Error("fixture report missing");
    const platforms = data.report.value.sections.find((s) => s.key === "platforms");
    if (platforms?.key !== "platforms") throw new Error("no platforms section");
    // ChatGPT +25.0 pp with an interval above 0; Perplexity's 0.0 pp stays not significant.
    platforms.rows[0]!.mention_stats = stats([0.3, 0.7], [0.1, 0.4]);
    const texts = buildModel(data).findings.map((f) => f.text);
    expect(texts).toContain(
      "Mention rate rose significantly on ChatGPT (+25.0\u00a0pp, to 50.0%; 95% interval +10.0 to +40.0\u00a0pp).",
    );
    expect(texts).toContain("No significant change in mention rate on Perplexity.");
    expect(texts.some((t) => t.startsWith("Mention rate fell significantly"))).toBe(false);
  });

  it("refuses a report without one of its sections as a response the contract does not allow", () => {
    const data = smallReportData();
    if (!data.report.ok) throw new Error("fixture report missing");
    data.report.value.sections = data.report.value.sections.filter((s) => s.key !== "platforms");
    const refused = (() => {
      try {
        buildModel(data);
      } catch (err) {
        return err;
      }
    })();
    expect(refused).toBeInstanceOf(ResponseShapeError);
    expect([(refused as ResponseShapeError).message, (refused as ResponseShapeError).retryable]).toEqual([
      "getReport: data.sections: report is missing sections: platforms",
      false,
    ]);
  });

  it("names the cover and file after the project, range and as-of day", () => {
    const view = draftView(buildModel(smallReportData()), BRANDING);
    expect(view.name).toBe("acme-analytics-ai-visibility-7d-2026-11-01");
    expect(view.cover.periodStart).toBe("2026-10-26");
    expect(view.cover.previousEnd).toBe("2026-10-25");
    // Every section but the agency's page, which needs the agency's input (docs/agency.md).
    expect(view.sections.map((s) => s.key)).toEqual(SECTION_KEYS.filter((k) => k !== "agency"));
  });

  it("says in words which scope is missing instead of showing zeros", () => {
    const view = draftView(buildModel(smallReportData()), BRANDING);
    const content = view.sections.find((s) => s.key === "content")!;
    expect(content.blocks).toEqual([
      { kind: "notice", text: "Content needs the content:read scope, which the API key lacks." },
    ]);
    const map = view.sections.find((s) => s.key === "content_map")!;
    expect(map.blocks[0]).toMatchObject({ kind: "notice" });
  });

  it("states the period and the volume in the methodology", () => {
    const view = draftView(buildModel(smallReportData()), BRANDING);
    const m = view.sections.find((s) => s.key === "methodology")!;
    const texts = m.blocks.flatMap((b) => (b.kind === "paragraph" ? [b.text] : []));
    expect(texts[0]).toContain("2026-10-26 to 2026-11-01");
    expect(texts[0]).toContain("2026-10-19 to 2026-10-25");
    expect(texts[1]).toBe(
      "This report rests on 8 answers (snapshots) to 2 tracked prompts, collected from 2 platforms (ChatGPT, Perplexity).",
    );
    // The method in plain words, with the sample sizes of the headline rates.
    expect(texts[2]).toContain("the sample that counts is the prompts, not the answers");
    expect(texts[2]).toContain(
      "The headline rates rest on 2 prompts (8 answers) in this period and 2 prompts (8 answers) in the previous period.",
    );
    expect(texts).toHaveLength(3);
  });

  it("lists in the executive summary what the key's scopes leave out", () => {
    const view = draftView(buildModel(smallReportData()), BRANDING);
    const summary = view.sections.find((s) => s.key === "executive_summary")!;
    // The findings, the words they use explained, then what the report leaves out.
    expect(summary.blocks.map((b) => b.kind)).toEqual(["bullets", "paragraph", "notice"]);
    expect(summary.blocks[2]).toEqual({
      kind: "notice",
      text:
        "Not in this report: The workspace name needs the workspace:read scope, which the API key lacks. " +
        "The content map needs the contentmap:read scope, which the API key lacks. " +
        "Content needs the content:read scope, which the API key lacks.",
    });
  });

  it("says only what is missing when the key cannot read visibility data", () => {
    const data = smallReportData();
    data.report = {
      ok: false,
      reason: "Visibility data needs the visibility:read scope, which the API key lacks.",
      scope: "visibility:read",
    };
    const view = draftView(buildModel(data), BRANDING);
    const summary = view.sections.find((s) => s.key === "executive_summary")!;
    expect(summary.blocks).toHaveLength(1);
    expect(summary.blocks[0]).toMatchObject({ kind: "notice" });
    expect((summary.blocks[0] as { text: string }).text).toContain(
      "Visibility data needs the visibility:read scope, which the API key lacks.",
    );
    // No period from the service and no workspace: UTC, and the as-of day is the fetch day there.
    expect(view.cover.timezone).toBe("UTC");
    expect(view.cover.asOf).toBe("2026-11-01");
    // The file is named by the period resolved where the request came in (report/period.ts).
    const late = {
      ...data,
      fetchedAt: "2026-11-01T23:30:00.000Z",
      period: periodAsOf({ range: "7d" }, { timezone: "Europe/Paris", asOf: "2026-11-02" }),
    };
    late.workspace = {
      ok: true,
      value: {
        id: "66666666-6666-4666-8666-666666666666",
        name: "Northwind",
        website: "https://northwind.example",
        logo: "",
        icon: "",
        timezone: "Europe/Paris",
        owner: { id: "77777777-7777-4777-8777-777777777777", name: "O", email: "o@x.io", avatar: "" },
        members: 1,
        created_at: "2026-01-01T00:00:00.000Z",
      },
    };
    const lateView = draftView(buildModel(late), BRANDING);
    expect([lateView.cover.timezone, lateView.cover.asOf]).toEqual(["Europe/Paris", "2026-11-02"]);
    expect(lateView.name).toBe("acme-analytics-ai-visibility-7d-2026-11-02");
  });

  it("shows timestamps as days in the report timezone, and says so when the config overrides it", () => {
    // The fixture's answer was collected at 2026-11-01T08:00Z: still Nov 1 in Paris,
    // but 01:00 on Nov 1 in Los Angeles, and 2026-10-31 at UTC−10 (Honolulu).
    const answersOf = (tz?: string) => {
      const view = draftView(buildModel(smallReportData()), BRANDING, tz ? { timezone: tz } : {});
      const table = view.sections.find((s) => s.key === "answers")!.blocks[0]!;
      return { view, row: table.kind === "table" ? table.rows[0] : undefined };
    };
    expect(answersOf().row?.collected_at).toBe("2026-11-01");
    expect(answersOf().view.cover.timezone).toBe("Europe/Paris");
    const { view, row } = answersOf("Pacific/Honolulu");
    expect(row?.collected_at).toBe("2026-10-31");
    expect(view.cover.timezone).toBe("Pacific/Honolulu");
    const m = view.sections.find((s) => s.key === "methodology")!;
    expect(m.blocks[3]).toEqual({
      kind: "paragraph",
      text: "Dates of answers and content items are shown in Pacific/Honolulu, as the report configuration asks; the period's days are those of the workspace timezone, Europe/Paris.",
    });
  });
});
