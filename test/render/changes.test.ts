/**
 * The agency's change log in the report (docs/changes.md): the "What we did" table's numbers,
 * hand-computed on test/fixtures/change-log.ts (an entry scoped to a platform or a category from
 * that platform's or category's own days), shown on the page formats as the agency page's "Work
 * delivered" (docs/agency.md); the markers in the trend chart's spec and drawn
 * (the SVG holds their labels); entries outside the period skipped with one warning; a hostile
 * label inert in the PDF's HTML, the Markdown and the workbook.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { type ReportPlan, viewOf } from "../../src/pipeline/plan.js";
import { backend as md } from "../../src/render/backends/markdown/backend.js";
import { backend as xlsx } from "../../src/render/backends/xlsx/backend.js";
import { drawChart } from "../../src/render/charts/index.js";
import { renderHtml } from "../../src/render/html/compose.js";
import type { Block, ReportView } from "../../src/render/types.js";
import { tempDir } from "../_tmp.js";
import { HOSTILE_LABEL, monthReportData, sampleChangeLog } from "../fixtures/change-log.js";
import { SAMPLE_BRANDING } from "../fixtures/sample-view.js";
import { writeWith } from "../pipeline/_write-with.js";

async function planWith(label?: string): Promise<ReportPlan> {
  return viewOf(monthReportData(), {
    formats: ["pdf", "md", "xlsx"],
    branding: { ...SAMPLE_BRANDING },
    changes: sampleChangeLog(label),
  });
}

function trendBlocks(view: ReportView): Block[] {
  return view.sections.find((s) => s.key === "trend")!.blocks;
}

function chartOf(view: ReportView) {
  const chart = trendBlocks(view).find((b) => b.kind === "chart");
  if (chart?.kind !== "chart") throw new Error("no trend chart");
  return chart.chart;
}

function tableOf(view: ReportView) {
  const table = trendBlocks(view).find((b) => b.kind === "table" && b.id === "changes");
  if (table?.kind !== "table") throw new Error("no What we did table");
  return table;
}

/** The text of every <text> element of an SVG, words joined by spaces. */
function svgText(svg: string): string {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)]
    .map((m) => m[1])
    .filter((t) => t !== "")
    .join(" ");
}

describe("the change log in the report", () => {
  let plan: ReportPlan;
  beforeAll(async () => {
    plan = await planWith();
  });

  it("lists the period's entries by date with the mention rate 14 days before and after", () => {
    const table = tableOf(plan.view);
    expect(table.title).toBe("What we did");
    expect(table.columns.map((c) => c.label)).toEqual([
      "Date",
      "What we did",
      "Scope",
      "Mention rate, 14 days before",
      "Mention rate, 14 days after",
      "Change",
      "Days",
    ]);
    expect(table.rows).toEqual([
      {
        date: "2026-10-05",
        label: "CRM guide",
        scope: "Category: CRM",
        tested: false,
        // CRM's own days: Sep 21 – Oct 4 at 1 of 4 a day, Oct 5–18 at 2 of 4.
        before: 14 / 56,
        after: 28 / 56,
        change: 28 / 56 - 14 / 56,
        basis: "before: 14 days; after: 14 days",
      },
      {
        date: "2026-10-15",
        label: "Launched pricing page",
        scope: "All prompts and platforms",
        tested: false,
        // Oct 1 (comparison period: 1 of 10) and Oct 2–14 (2 of 10 a day): 27 of 140.
        before: 27 / 140,
        // Oct 15–28, 4 of 10 a day: 56 of 140.
        after: 56 / 140,
        change: 56 / 140 - 27 / 140,
        basis: "before: 14 days; after: 14 days",
      },
      {
        date: "2026-10-20",
        label: "ChatGPT plugin listing",
        scope: "ChatGPT",
        tested: false,
        // ChatGPT's own days: Oct 6–19 at 1 of 5 a day; Oct 20–31 (12 of 14 days) at 3 of 5.
        before: 14 / 70,
        after: 36 / 60,
        change: null,
        basis: "before: 14 days; after: 12 of 14 days; fewer than 14 days, no change shown",
      },
      {
        date: "2026-10-25",
        label: "FAQ schema",
        scope: "All prompts and platforms",
        tested: false,
        // Oct 11–14 at 2, Oct 15–24 at 4: 48 of 140; after: Oct 25–31 only, 28 of 70.
        before: 48 / 140,
        after: 28 / 70,
        change: null,
        basis: "before: 14 days; after: 7 of 14 days; fewer than 14 days, no change shown",
      },
    ]);
  });

  it("skips entries outside the period with one warning line naming them", () => {
    expect(plan.warnings).toEqual([
      `warning: changes file /agency/changes.csv: 2 entries outside the report's period 2026-10-02 to 2026-10-31 skipped: line 5 (2026-09-20 "Before the period"), line 7 (2026-11-05 "After the period")`,
    ]);
  });

  it("marks each entry on the trend chart at its date, within the week holding it", () => {
    const chart = chartOf(plan.view);
    // The first point takes in October 2–3 (docs/metrics.md, Trend): it covers October 2–10.
    expect(chart.labels).toEqual(["2026-10-02", "2026-10-11", "2026-10-18", "2026-10-25"]);
    // An entry about one platform or category is named with it: the lines are all platforms'.
    // A point stands at its first day: October 5 is 3 of the first point's 9 days in, October 15
    // 4 of the second's 7, October 20 2 of 7, October 25 the last point's first day.
    const at = chart.markers!.map((m) => [m.label, m.index]);
    expect(at.map(([label]) => label)).toEqual([
      "CRM guide (CRM)",
      "Launched pricing page",
      "ChatGPT plugin listing (ChatGPT)",
      "FAQ schema",
    ]);
    const expected = [3 / 9, 1 + 4 / 7, 2 + 2 / 7, 3];
    for (const [i, [, index]] of at.entries()) expect(index).toBeCloseTo(expected[i]!, 12);
  });

  it("draws the markers with their labels (SVG and PNG from the one spec)", async () => {
    const spec = chartOf(plan.view);
    const drawn = await drawChart(spec, ["svg", "png"]);
    const text = svgText(Buffer.from(drawn.images.svg!).toString("utf8"));
    for (const label of ["CRM guide", "Launched pricing page", "ChatGPT plugin listing", "FAQ schema"])
      expect(text).toContain(label);
    const plain = await drawChart({ ...spec, markers: [] }, ["svg", "png"]);
    expect(svgText(Buffer.from(plain.images.svg!).toString("utf8"))).not.toContain("FAQ schema");
    expect(Buffer.from(drawn.images.png!).equals(Buffer.from(plain.images.png!))).toBe(false);
  });

  it("without a change log the trend section has no markers and no change table", async () => {
    const { view, warnings } = await viewOf(monthReportData(), {
      formats: ["md"],
      branding: { ...SAMPLE_BRANDING },
    });
    expect(chartOf(view).markers).toBeUndefined();
    expect(
      trendBlocks(view)
        .filter((b) => b.kind === "table")
        .map((b) => b.kind === "table" && b.id),
    ).toEqual(["trend", "trend-platforms"]);
    expect(warnings).toEqual([]);
  });
});

describe("the change log in every format", () => {
  const dir = tempDir("changes");
  let view: ReportView;
  beforeAll(async () => {
    view = (await planWith(HOSTILE_LABEL)).view;
  });

  it("Markdown: the agency page's Work delivered under its heading (the trend keeps only the markers), the hostile label escaped", async () => {
    const [file] = await writeWith(md, view, join(dir, "md"));
    const lines = (await readFile(file!, "utf8")).split("\n");
    expect(lines).not.toContain("### What we did");
    const at = lines.indexOf("### Work delivered");
    expect(lines.slice(at + 2, at + 8)).toEqual([
      "| Date | Kind | What | Scope | Mention rate, 14 days before | Mention rate, 14 days after | Change |",
      "| --- | --- | --- | --- | ---: | ---: | ---: |",
      // Not tested for significance: in italics, as the PDF greys it.
      "| 2026-10-05 | Change we made | CRM guide | Category: CRM | 25.0% | 50.0% | *+25.0\u00a0pp* |",
      '| 2026-10-15 | Change we made | \\=HYPERLINK("http\\://evil.example") &lt;script&gt;alert(1)&lt;/script&gt; \\| \\[x\\](javascript:y) \\*b\\* | All prompts and platforms | 19.3% | 40.0% | *+20.7\u00a0pp* |',
      "| 2026-10-20 | Change we made | ChatGPT plugin listing | ChatGPT | 20.0% | 60.0% | — |",
      "| 2026-10-25 | Change we made | FAQ schema | All prompts and platforms | 34.3% | 40.0% | — |",
    ]);
  });

  it("PDF: the table on the agency page, the hostile label as text", () => {
    const html = renderHtml(view, {}, "body");
    const start = html.indexOf("Work delivered");
    const table = html.slice(start, html.indexOf("</table>", start));
    expect(table).toContain(
      "&#x3D;HYPERLINK(&quot;http://evil.example&quot;) &lt;script&gt;alert(1)&lt;/script&gt; | [x](javascript:y) *b*",
    );
    expect(table).not.toMatch(/<script|href=/i);
    // An untested difference of two windows is printed grey, never as a rise.
    expect(table).toContain('tone--neutral">+20.7\u00a0pp<');
  });

  it("charts: the hostile label is text in the SVG, never markup", async () => {
    const svg = Buffer.from((await drawChart(chartOf(view), ["svg"])).images.svg!).toString("utf8");
    // Cut at 40 characters on the chart (the table has it whole), escaped as SVG text.
    expect(svgText(svg)).toContain("=HYPERLINK(&quot;http://evil.example&quot;) &lt;scri…");
    expect(svg).not.toMatch(/<script|<a\s/i);
  });

  it("workbook: a sheet of its own, the label a text cell", async () => {
    const [file] = await writeWith(xlsx, view, join(dir, "xlsx"));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile(file!)) as unknown as ExcelJS.Buffer);
    expect(wb.worksheets.map((w) => w.name).filter((n) => n.startsWith("Trend"))).toEqual([
      "Trend – What we did",
      "Trend – Daily rates",
      "Trend – Platforms by day",
    ]);
    const sheet = wb.getWorksheet("Trend – What we did")!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    const header = rows.findIndex((r) => r[0] === "Date");
    const hostile = sheet.getRow(header + 2 + 1);
    expect(hostile.getCell(2).value).toBe(HOSTILE_LABEL);
    expect(hostile.getCell(2).type).toBe(ExcelJS.ValueType.String);
    // Rates as fractions, the change in percentage points, as every sheet stores them (12 digits).
    expect(rows[header + 2]?.slice(3, 6)).toEqual([0.192857142857, 0.4, 20.7142857143]);
  });
});
