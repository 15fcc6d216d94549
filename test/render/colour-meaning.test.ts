/** Colour follows meaning for the client: a competitor's gain is bad news, in every format, with one legend. */
import { describe, expect, it } from "vitest";
import { FULL, presentationOf } from "../../src/config/presentation.js";
import type { ReportSectionOf } from "../../src/contract/index.js";
import { langOf } from "../../src/format/i18n/index.js";
import { viewOf } from "../../src/pipeline/plan.js";
import { renderMarkdown } from "../../src/render/backends/markdown/backend.js";
import { buildWorkbook } from "../../src/render/backends/xlsx/backend.js";
import { changeTone } from "../../src/render/change-tone.js";
import { renderHtml } from "../../src/render/html/compose.js";
import { legendBlock } from "../../src/render/legend.js";
import { presentView } from "../../src/render/present.js";
import type { ReportView } from "../../src/render/types.js";
import { smallReportData, stats } from "../fixtures/report-data.js";

const GREEN = "FF1E7B34";
const RED = "FFC0392B";
const GREY = "FF6B7480";

/**
 * The small report with significant changes in the leaderboard: Acme's mention rate +12.5 pp and
 * share of voice −7.1 pp, Rival's mention rate +25.0 pp and share of voice +7.1 pp; Rival's
 * citation rate (0.0 pp) stays not significant. One competitor page gains 3 citations.
 */
async function competitiveView(): Promise<ReportView> {
  const data = smallReportData();
  if (!data.report.ok) throw new Error("fixture");
  const sections = data.report.value.sections;
  const board = sections.find((s) => s.key === "competitors") as ReportSectionOf<"competitors">;
  const [acme, rival] = board.rows;
  acme!.mention_stats = stats([0, 1], [0.05, 0.2]);
  acme!.sov_stats = stats([0, 1], [-0.12, -0.02]);
  rival!.mention_stats = stats([0, 1], [0.1, 0.4]);
  rival!.sov_stats = stats([0, 1], [0.02, 0.12]);
  const pages = sections.find((s) => s.key === "competitor_pages") as ReportSectionOf<"competitor_pages">;
  pages.rows = [
    {
      competitor_id: "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb",
      competitor_name: "Rival",
      folder: "/blog",
      url: "rival.com/blog/guide",
      citations: 4,
      citations_delta: 3,
      citation_rate: 0.5,
      citation_rate_delta: 0.375,
      unique_prompts: 2,
      unique_prompts_delta: 1,
    },
  ];
  pages.totals = { pages: 1 };
  const { view } = await viewOf(data, {
    formats: ["pdf", "xlsx"],
    branding: { agencyName: "N", accentColor: "#123456", locale: "en-US" },
  });
  return view;
}

/** The HTML of the table rows of one section, from its heading to the end of its first table. */
function tableHtml(html: string, title: string): string {
  const at = html.indexOf(`>${title}</h2>`);
  return html.slice(at, html.indexOf("</table>", at));
}

describe("what a change means for the client", () => {
  it("is one function of whose figure it is, its direction and its significance", () => {
    expect(changeTone("client", 0.02, "delta_pp", true)).toBe("good");
    expect(changeTone("client", -0.02, "delta_pp", true)).toBe("bad");
    expect(changeTone("competitor", 0.02, "delta_pp", true)).toBe("bad");
    expect(changeTone("competitor", -0.02, "delta_pp", true)).toBe("good");
    expect(changeTone("competitor", 0.02, "delta_pp", false)).toBe("neutral");
    // Untested (a page's, a prompt's change): no colour, which the legend keeps for significant news.
    expect(changeTone("client", 0.02, "delta_pp")).toBe("neutral");
    expect(changeTone("competitor", 3, "delta_count")).toBe("neutral");
    // A change that prints as 0.0 pp, or as 0, is no rise and no fall.
    expect(changeTone("client", 0.0004, "delta_pp", true)).toBe("neutral");
    expect(changeTone("competitor", 0.4, "delta_count", true)).toBe("neutral");
    // How many answers were collected is nobody's gain.
    expect(changeTone("neutral", -600, "delta_count")).toBe("neutral");
    expect(changeTone("client", null, "delta_pp")).toBe("none");
  });
});

describe("colours in every format", () => {
  it("PDF and HTML: a competitor's gain red, the client's gain green, a change that is not significant or not tested grey", async () => {
    const view = presentView(await competitiveView(), presentationOf("client"));
    const html = renderHtml(view, {}, "body");
    const board = tableHtml(html, "Competitors");
    // Acme's row first: mention +12.5 pp (its gain, green), share −7.1 pp (its loss, red).
    expect(board).toContain('tone--good">+12.5\u00a0pp<');
    expect(board).toContain('tone--bad">\u22127.1\u00a0pp<');
    // Rival's mention +25.0 pp and share +7.1 pp: a competitor's gains, red.
    expect(board).toContain('tone--bad">+25.0\u00a0pp<');
    expect(board).toContain('tone--bad">+7.1\u00a0pp<');
    expect(board).not.toContain('tone--good">+25.0');
    // Every other change of the fixture is not significant: grey.
    expect(board).toContain('tone--neutral">\u221212.5\u00a0pp<');
    // A competitor page's gains are not tested for significance: grey, not news.
    const pages = tableHtml(html, "Competitor pages");
    expect(pages).toContain('tone--neutral">+3<');
    expect(pages).toContain('tone--neutral">+37.5\u00a0pp<');
  });

  it("XLSX: the same cells in the same colours", async () => {
    const wb = buildWorkbook(await competitiveView());
    const board = wb.getWorksheet("Competitors")!;
    // Row 2 is Acme, row 3 Rival; C Δ mention, E Δ citation, G Δ share.
    const colours = (row: number) =>
      ["C", "E", "G"].map((c) => board.getCell(`${c}${row}`).font?.color?.argb);
    expect(board.getCell("A2").value).toBe("Acme");
    expect(colours(2)).toEqual([GREEN, GREY, RED]);
    expect(board.getCell("A3").value).toBe("Rival");
    expect(colours(3)).toEqual([RED, GREY, RED]);
    const pages = wb.getWorksheet("Competitor pages")!;
    expect(pages.getCell("D2").value).toBe(3);
    expect(pages.getCell("D2").font?.color?.argb).toBe(GREY);
    expect(pages.getCell("F2").font?.color?.argb).toBe(GREY);
  });
});

describe("the legend", () => {
  it("is said once, right after the first coloured figures, naming the client", async () => {
    const complete = await competitiveView();
    const legends = (v: ReportView) =>
      v.sections.flatMap((s) =>
        s.blocks.flatMap((b, i) =>
          b.kind === "legend" ? [{ key: s.key, after: s.blocks[i - 1]?.kind }] : [],
        ),
      );
    // The KPI cards' significant mention rate is the first news.
    const view = presentView(complete, FULL);
    expect(legends(view)).toEqual([{ key: "summary", after: "kpis" }]);
    // Without the summary, the leaderboard is: the legend moves under it.
    const picked = presentView(complete, { ...FULL, sections: ["methodology", "competitors", "summary"] });
    expect(legends(picked)).toEqual([{ key: "competitors", after: "table" }]);
    const html = renderHtml(view, {}, "body");
    expect(html.split('class="legend"').length - 1).toBe(1);
    expect(html).toContain("Red: bad news for Acme (its own loss, or a competitor&#x27;s gain).");
    // Markdown colours nothing, so it explains no colour.
    expect(renderMarkdown(view, "assets").markdown).not.toContain("Green:");
  });

  it("is in the workbook's About sheet, each line in its colour", async () => {
    const wb = buildWorkbook(await competitiveView());
    const about = wb.getWorksheet("About")!;
    const lines: { text: string; argb: string | undefined }[] = [];
    about.eachRow((row) => {
      const text = String(row.getCell(1).value ?? "");
      if (text.startsWith("■ ")) lines.push({ text, argb: row.getCell(1).font?.color?.argb });
    });
    expect(lines).toEqual([
      { text: "■ Green: good news for Acme (its own gain, or a competitor's loss).", argb: GREEN },
      { text: "■ Red: bad news for Acme (its own loss, or a competitor's gain).", argb: RED },
      { text: "■ Grey: a change that is not significant or not tested.", argb: GREY },
    ]);
  });

  it("is in the report's language", () => {
    const texts = (locale: string) => legendBlock(langOf(locale), "Acme").items.map((i) => [i.tone, i.text]);
    expect(texts("de-DE")).toEqual([
      [
        "good",
        "Grün: eine gute Nachricht für Acme (ein eigener Zuwachs oder ein Rückgang bei einem Wettbewerber).",
      ],
      [
        "bad",
        "Rot: eine schlechte Nachricht für Acme (ein eigener Rückgang oder ein Zuwachs bei einem Wettbewerber).",
      ],
      ["neutral", "Grau: eine nicht signifikante oder nicht geprüfte Veränderung."],
    ]);
    expect(texts("fr-FR")[1]).toEqual([
      "bad",
      "Rouge : mauvaise nouvelle pour Acme (sa propre baisse, ou la hausse d’un concurrent).",
    ]);
    expect(texts("es-ES")[0]).toEqual([
      "good",
      "Verde: buena noticia para Acme (una subida propia o una bajada de un competidor).",
    ]);
  });
});
