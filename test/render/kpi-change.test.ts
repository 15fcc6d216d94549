/**
 * KPI cards show each rate's change with its 95 % interval and grey out the changes that are not
 * significant (docs/metrics.md, "Intervals and significance"), in the PDF's cards, the Markdown's
 * KPI table and the workbook's KPI columns alike. The fixture's mention rate rose significantly
 * (+5.0 to +20.0 pp), its citation rate did not change significantly (−40.0 to +15.0 pp).
 */
import { describe, expect, it } from "vitest";
import { ENGLISH } from "../../src/format/i18n/index.js";
import { viewOf } from "../../src/pipeline/plan.js";
import { renderHtml } from "../../src/render/html/compose.js";
import { changeLine, changeNote, isMuted } from "../../src/render/kpi-change.js";
import type { Kpi, ReportView } from "../../src/render/types.js";
import { smallReportData } from "../fixtures/report-data.js";

const BRANDING = { agencyName: "Northwind", accentColor: "#123456", locale: "en-US" };

async function kpis(): Promise<{ view: ReportView; items: Kpi[] }> {
  const { view } = await viewOf(smallReportData(), { formats: ["pdf"], branding: BRANDING });
  const block = view.sections.find((s) => s.key === "summary")!.blocks.find((b) => b.kind === "kpis");
  if (block?.kind !== "kpis") throw new Error("no KPIs");
  return { view, items: block.items };
}

/** The HTML of the KPI card labelled `label`. */
function card(html: string, label: string): string {
  const cards = html.split('<div class="kpi').slice(1);
  const found = cards.find((c) => c.includes(`<p class="kpi__label">${label}</p>`));
  if (!found) throw new Error(`no card ${label}`);
  return `<div class="kpi${found}`;
}

describe("KPI changes with intervals", () => {
  it("carries the change's interval, significance and sample on rate KPIs only", async () => {
    const { items } = await kpis();
    expect(items.map((k) => [k.label, k.change?.significant ?? null])).toEqual([
      ["Mention rate", true],
      ["Citation rate", false],
      ["Share of voice", true],
      ["Answers analysed", null],
    ]);
    expect(items[0]!.change).toEqual({ low: 0.05, high: 0.2, significant: true, answers: 8, prompts: 2 });
    expect(items.map((k) => changeNote(k, ENGLISH))).toEqual([
      "95% interval +5.0 to +20.0\u00a0pp",
      "no significant change; 95% interval \u221240.0 to +15.0\u00a0pp",
      "95% interval \u221220.0 to \u22121.0\u00a0pp",
      "",
    ]);
    expect(items.map(isMuted)).toEqual([false, true, false, false]);
  });

  it("words each change for the email as its card reads it, and leaves it empty without a previous figure", async () => {
    const { items } = await kpis();
    // The fixture: mention 2/8 -> 3/8, citation 2/8 -> 1/8, share of voice 2/4 -> 3/7, 8 answers both times.
    expect(items.map((k) => changeLine(k, ENGLISH))).toEqual([
      "+12.5\u00a0pp vs 25.0%",
      "\u221212.5\u00a0pp vs 25.0%, no significant change",
      "\u22127.1\u00a0pp vs 50.0%",
      "0 vs 8",
    ]);
    // A first report: no previous figure, no change, so `{{#if change}}` leaves out its parentheses.
    expect(items.map((k) => changeLine({ ...k, previous: null, delta: null }, ENGLISH))).toEqual([
      "",
      "",
      "",
      "",
    ]);
  });

  it("greys the PDF card of a change that is not significant, and only that one", async () => {
    const { view } = await kpis();
    const html = renderHtml(view, {}, "body");
    const citation = card(html, "Citation rate");
    expect(citation).toContain('class="kpi kpi--muted"');
    expect(citation).toContain('class="delta delta--neutral"');
    expect(citation).toContain("no significant change");
    const mention = card(html, "Mention rate");
    expect(mention).not.toContain("kpi--muted");
    expect(mention).toContain('class="delta delta--good"');
    expect(mention).toContain("95% interval +5.0 to +20.0\u00a0pp");
    // The fall in share of voice is significant: the client's loss, bad news.
    expect(card(html, "Share of voice")).toContain('class="delta delta--bad"');
  });
});
