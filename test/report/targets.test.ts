/**
 * Targets (docs/targets.md) on the hand-computed small report: mention 3/8 with interval
 * [0.25, 0.5], citation 1/8 with [0, 0.3], share of voice 3/7 with [0.3, 0.55]; platforms
 * chatgpt (mention 2/4) and perplexity (mention 1/4), no claude.
 */
import { describe, expect, it } from "vitest";
import type { Targets } from "../../src/config/targets.js";
import { renderMarkdown } from "../../src/render/backends/markdown/backend.js";
import { buildWorkbook } from "../../src/render/backends/xlsx/backend.js";
import { draftView, drawView } from "../../src/render/build-view.js";
import { renderHtml } from "../../src/render/html/compose.js";
import { buildModel } from "../../src/report/build-model.js";
import { targetStatus } from "../../src/report/targets.js";
import { smallReportData } from "../fixtures/report-data.js";

/** The view of `model`, charts stood in by placeholder images (no chart is looked at here). */
const viewOf = (model: ReturnType<typeof buildModel>) =>
  drawView(draftView(model, { agencyName: "A", accentColor: "#112233", locale: "en-US" }), async (s) => ({
    ...s,
    images: { png: new Uint8Array([1]), svg: new TextEncoder().encode("<svg/>") },
  }));

const TARGETS: Targets = {
  mention_rate: 0.3,
  citation_rate: 0.25,
  share_of_voice: 0.6,
  platforms: { perplexity: { mention_rate: 0.2 }, claude: { mention_rate: 0.1 } },
};

describe("target status", () => {
  it("on track at or above the target, at risk when the interval reaches it, else off track", () => {
    expect(targetStatus(0.4, 0.5, 0.4)).toBe("on_track");
    expect(targetStatus(0.35, 0.41, 0.4)).toBe("at_risk");
    expect(targetStatus(0.35, 0.4, 0.4)).toBe("at_risk");
    expect(targetStatus(0.35, 0.39, 0.4)).toBe("off_track");
    // Without an interval (fewer than two prompts) a shortfall cannot be called noise.
    expect(targetStatus(0.35, null, 0.4)).toBe("off_track");
    expect(targetStatus(null, null, 0.4)).toBe("no_data");
  });
});

describe("targets in the model", () => {
  it("checks every target set, overall then per platform, with exact gaps", () => {
    const model = buildModel(smallReportData(), { targets: TARGETS });
    expect(model.targets.ok && model.targets.value).toEqual([
      {
        platform: null,
        metric: "mention_rate",
        target: 0.3,
        value: 3 / 8,
        gap: 3 / 8 - 0.3,
        low: 0.25,
        high: 0.5,
        status: "on_track",
      },
      {
        platform: null,
        metric: "citation_rate",
        target: 0.25,
        value: 1 / 8,
        gap: 1 / 8 - 0.25,
        low: 0,
        high: 0.3,
        status: "at_risk",
      },
      {
        platform: null,
        metric: "share_of_voice",
        target: 0.6,
        value: 3 / 7,
        gap: 3 / 7 - 0.6,
        low: 0.3,
        high: 0.55,
        status: "off_track",
      },
      {
        platform: "perplexity",
        metric: "mention_rate",
        target: 0.2,
        value: 1 / 4,
        gap: 1 / 4 - 0.2,
        low: 0,
        high: 1,
        status: "on_track",
      },
      {
        platform: "claude",
        metric: "mention_rate",
        target: 0.1,
        value: null,
        gap: null,
        low: null,
        high: null,
        status: "no_data",
      },
    ]);
  });

  it("is empty without targets, and the summary then has no Targets table", async () => {
    const model = buildModel(smallReportData());
    expect(model.targets).toEqual({ ok: true, value: [] });
    const view = await viewOf(model);
    const summary = view.sections.find((s) => s.key === "summary");
    expect(summary?.blocks.some((b) => b.kind === "table" && b.id === "targets")).toBe(false);
  });
});

describe("targets in every format", async () => {
  const model = buildModel(smallReportData(), { targets: TARGETS });
  const view = await viewOf(model);
  const expected = [
    // The page formats add the rate's 95 % interval, so "at risk" and "off track" can be checked.
    ["All platforms", "Mention rate", "30.0%", "37.5%", "+7.5\u00a0pp", "On track", "25.0% to 50.0%"],
    ["All platforms", "Citation rate", "25.0%", "12.5%", "−12.5\u00a0pp", "At risk", "0.0% to 30.0%"],
    ["All platforms", "Share of voice", "60.0%", "42.9%", "−17.1\u00a0pp", "Off track", "30.0% to 55.0%"],
    ["Perplexity", "Mention rate", "20.0%", "25.0%", "+5.0\u00a0pp", "On track", "0.0% to 100.0%"],
    ["Claude", "Mention rate", "10.0%", "—", "—", "No data", "—"],
  ];

  it("PDF: the scorecard in words and colour; a gap grey when the target lies within the rate's interval", async () => {
    const html = renderHtml(view);
    expect(html).toContain('tone--good">On track<');
    expect(html).toContain('tone--warn">At risk<');
    expect(html).toContain('tone--bad">Off track<');
    expect(html).toContain('tone--none">No data<');
    const targets = (h: string) =>
      h.slice(h.indexOf(">Targets<"), h.indexOf("</table>", h.indexOf(">Targets<")));
    const table = targets(html);
    // At risk: 25.0% lies within citation rate's 0–30%.
    expect(table).toContain('tone--neutral">−12.5\u00a0pp<');
    // Off track: 60.0% lies above share of voice's 30–55%.
    expect(table).toContain('tone--bad">−17.1\u00a0pp<');
    // On track, but 30.0% lies within mention rate's 25–50%: the sample does not show it past.
    expect(table).toContain('tone--neutral">+7.5\u00a0pp<');
    // A 20.0% target below the interval: on track beyond doubt, in colour.
    const below = renderHtml(await viewOf(buildModel(smallReportData(), { targets: { mention_rate: 0.2 } })));
    expect(targets(below)).toContain('tone--good">+17.5\u00a0pp<');
  });

  it("Markdown: the same rows, a gap in italics where the PDF greys it", () => {
    const { markdown: md } = renderMarkdown(view, "assets");
    // The gaps the PDF greys (the target within the rate's interval) are in italics.
    const italic = (row: string[]) =>
      row[5] === "At risk" || row[5] === "On track" ? row.map((c, i) => (i === 4 ? `*${c}*` : c)) : row;
    for (const row of expected) expect(md).toContain(`| ${italic(row).join(" | ")} |`);
  });

  it("XLSX: numbers stay numbers, the status in words, the interval's bounds beside it (not its text)", () => {
    const wb = buildWorkbook(view);
    const rows: unknown[][] = [];
    wb.eachSheet((ws) =>
      ws.eachRow((r) => {
        const v = (r.values as unknown[]).slice(1);
        if (["On track", "At risk", "Off track", "No data"].includes(String(v[5]))) rows.push(v);
      }),
    );
    expect(rows).toEqual([
      ["All platforms", "Mention rate", 0.3, 0.375, 7.5, "On track", 0.25, 0.5],
      ["All platforms", "Citation rate", 0.25, 0.125, -12.5, "At risk", 0, 0.3],
      ["All platforms", "Share of voice", 0.6, 0.428571428571, -17.1428571429, "Off track", 0.3, 0.55],
      ["Perplexity", "Mention rate", 0.2, 0.25, 5, "On track", 0, 1],
      // Missing values are empty cells, never 0.
      ["Claude", "Mention rate", 0.1, undefined, undefined, "No data"],
    ]);
  });
});
