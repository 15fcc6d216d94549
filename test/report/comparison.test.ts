import { describe, expect, it } from "vitest";
import type { ReportPeriod } from "../../src/contract/index.js";
import { viewOf } from "../../src/pipeline/plan.js";
import { renderMarkdown } from "../../src/render/backends/markdown/backend.js";
import { buildWorkbook } from "../../src/render/backends/xlsx/backend.js";
import { renderHtml } from "../../src/render/html/compose.js";
import type { ReportView } from "../../src/render/types.js";
import type { ReportData } from "../../src/report/model.js";
import { periodAsOf } from "../../src/report/period.js";
import type { PeriodChoice } from "../../src/report/period-choice.js";
import { smallReportData } from "../fixtures/report-data.js";

const BRANDING = { agencyName: "Northwind", accentColor: "#123456", locale: "en-US" };

/** The small report with its period changed (the numbers stay those of report-data.ts). */
function withPeriod(period: Partial<ReportPeriod>, choice: PeriodChoice = { range: "7d" }): ReportData {
  const data = smallReportData();
  if (!data.report.ok) throw new Error("fixture without report");
  const range = "range" in choice ? choice.range : ("custom" as const);
  const report = { ...data.report.value, range, period: { ...data.report.value.period, ...period } };
  const asked = periodAsOf(choice, { timezone: "Europe/Paris", asOf: "2026-11-01" });
  return { ...data, period: asked, report: { ok: true, value: report } };
}

const blocksOf = (view: ReportView, key: string) => view.sections.find((s) => s.key === key)?.blocks ?? [];
const changeColumns = (view: ReportView) =>
  view.sections.flatMap((s) =>
    s.blocks.flatMap((b) =>
      b.kind === "table" ? b.columns.filter((c) => c.type.startsWith("delta")).map((c) => c.label) : [],
    ),
  );

describe("a comparison period without data, or only partly covered, shows no change (docs/decisions.md#period)", () => {
  it("no data: every format names the period, KPIs lose previous and change, tables their change columns", async () => {
    const { view, findings } = await viewOf(withPeriod({ previous_days_with_data: 0 }), {
      formats: ["md", "html"],
      branding: BRANDING,
    });
    const notice = "No data for 19–25 October 2026, the comparison period: no change is shown.";
    const summary = blocksOf(view, "summary");
    expect(summary[0]).toEqual({ kind: "notice", text: notice });
    const kpis = summary.find((b) => b.kind === "kpis");
    expect(kpis?.kind === "kpis" && kpis.items.map((k) => [k.label, k.previous, k.delta, k.change])).toEqual([
      ["Mention rate", null, null, undefined],
      ["Citation rate", null, null, undefined],
      ["Share of voice", null, null, undefined],
      ["Answers analysed", null, null, undefined],
    ]);
    expect(changeColumns(view)).toEqual([]);
    // Nor what describes a comparison: the workbook's previous values and significance flags.
    const comparisonColumns = view.sections.flatMap((s) =>
      s.blocks.flatMap((b) =>
        b.kind === "table"
          ? b.columns.filter((c) => c.key === "previous" || c.key.endsWith("significant")).map((c) => c.key)
          : [],
      ),
    );
    expect(comparisonColumns).toEqual([]);
    // The methodology's "it is compared with …" says what that comparison shows.
    const [period] = blocksOf(view, "methodology");
    expect(period?.kind === "paragraph" && period.text.endsWith(`2026-10-19 to 2026-10-25. ${notice}`)).toBe(
      true,
    );
    // 3 of 8 answers mention the brand, 1 cites it (report-data.ts); no sentence claims a change.
    expect(findings.slice(0, 3).map((f) => f.text)).toEqual([
      notice,
      "Mention rate was 37.5%.",
      "Citation rate was 12.5%.",
    ]);
    const { markdown } = renderMarkdown(view, "assets");
    expect(markdown).toContain(notice);
    expect(markdown).not.toMatch(/rose|fell|held steady|no significant change;|not estimable/);
    // The PDF's and HTML's cards: no "— vs —" line and no note under a change that is not shown.
    const html = renderHtml(view);
    expect(html).toContain('class="kpi__value"');
    expect(html).not.toContain('class="kpi__compare"');
    expect(html).not.toContain('class="kpi__note"');
  });

  it("partly covered: the coverage is stated and no change is shown", async () => {
    const { view } = await viewOf(withPeriod({ previous_days_with_data: 3 }), {
      formats: ["md"],
      branding: BRANDING,
    });
    expect(blocksOf(view, "summary")[0]).toEqual({
      kind: "notice",
      text: "The comparison period, 19–25 October 2026, was tracked on 3 of 7 days: no change is shown.",
    });
    expect(changeColumns(view)).toEqual([]);
  });

  it("fully covered: changes as before", async () => {
    const { view, findings } = await viewOf(smallReportData(), { formats: ["md"], branding: BRANDING });
    expect(blocksOf(view, "summary")[0]?.kind).toBe("kpis");
    expect(changeColumns(view).length).toBeGreaterThan(0);
    expect(findings[0]?.text).toBe(
      "Mention rate rose significantly from 25.0% to 37.5% (+12.5\u00a0pp; 95% interval +5.0 to +20.0\u00a0pp).",
    );
  });
});

describe("custom periods name the report and its files", () => {
  const october = {
    start: "2026-10-01",
    end: "2026-10-31",
    previous_start: "2025-10-01",
    previous_end: "2025-10-31",
    compare: "year" as const,
    label: "October 2026",
    previous_label: "October 2025",
    previous_days: 31,
    previous_days_with_data: 31,
  };

  it("a month: …-2026-10, -vs-year when compared with a year earlier; the cover names the month", async () => {
    const { view } = await viewOf(withPeriod(october, { month: "2026-10", compare: "year" }), {
      formats: ["md"],
      branding: BRANDING,
    });
    expect(view.name).toBe("acme-analytics-ai-visibility-2026-10-vs-year");
    expect(view.cover.range).toBe("October 2026");
    const month = await viewOf(withPeriod({ ...october, compare: "previous" }, { month: "2026-10" }), {
      formats: ["md"],
      branding: BRANDING,
    });
    expect(month.view.name).toBe("acme-analytics-ai-visibility-2026-10");
    const methodology = blocksOf(month.view, "methodology").find((b) => b.kind === "paragraph");
    expect(methodology).toEqual({
      kind: "paragraph",
      text: "The current period is October 2026 (2026-10-01 to 2026-10-31, days in Europe/Paris); it is compared with October 2025 (2025-10-01 to 2025-10-31).",
    });
  });

  it("compared with a year earlier, every column and fact of the compared period says so", async () => {
    const { view } = await viewOf(withPeriod(october, { month: "2026-10", compare: "year" }), {
      formats: ["md", "xlsx"],
      branding: BRANDING,
    });
    const markdown = renderMarkdown(view, "assets").markdown;
    expect(markdown).toContain("| Metric | Value | A year earlier | Change | Significance |");
    expect(markdown).not.toMatch(/\| Previous/);
    // A change against a year earlier says so; against the period before, the reader assumes it.
    expect(markdown).toContain("- Mention rate rose significantly from 25.0% a year earlier to 37.5% (+12.5");
    const wb = buildWorkbook(view);
    const about = wb.getWorksheet("About")!;
    const labels: string[] = [];
    about.eachRow((row) => labels.push(String(row.getCell(1).value ?? "")));
    expect(labels).toEqual(expect.arrayContaining(["Year-earlier period start", "Year-earlier period end"]));
    expect(labels.filter((l) => l.startsWith("Previous"))).toEqual([]);
    const headers = wb.worksheets.flatMap((ws) =>
      (ws.getRow(1).values as unknown[]).concat(ws.getRow(2).values as unknown[]).map(String),
    );
    expect(headers.filter((h) => /previous/i.test(h))).toEqual([]);
    const summary = blocksOf(view, "summary");
    expect(summary.find((b) => b.kind === "kpis")).toMatchObject({ versus: "A year earlier" });
    // The dashed lines' numbers: each day's compared day beside it, in the workbook only.
    const daily = wb.getWorksheet("Trend – Daily rates")!;
    expect((daily.getRow(1).values as unknown[]).slice(6, 11)).toEqual([
      "A year earlier: date",
      "A year earlier: answers",
      "A year earlier: mention rate (%)",
      "A year earlier: citation rate (%)",
      "A year earlier: share of voice (%)",
    ]);
  });

  it("puts each day's compared day beside it in the workbook, matched from the end as the chart's points", async () => {
    // The small report's days end on 1 November; its comparison's last day is 25 October.
    const { view } = await viewOf(smallReportData(), { formats: ["xlsx"], branding: BRANDING });
    const daily = buildWorkbook(view).getWorksheet("Trend – Daily rates")!;
    const rows: unknown[][] = [];
    daily.eachRow((row, i) => {
      if (i > 1) rows.push((row.values as unknown[]).slice(1, 11));
    });
    const last = rows.at(-1)!;
    expect(last[0]).toEqual(new Date("2026-11-01T00:00:00Z"));
    expect(last.slice(5)).toEqual([new Date("2026-10-25T00:00:00Z"), 8, 2 / 8, 2 / 8, 2 / 4]);
    // A day whose compared day has no answers has blank cells, never 0.
    expect(
      rows
        .at(-2)!
        .slice(5)
        .every((v) => v === null || v === undefined),
    ).toBe(true);
  });

  it("a quarter and other dates", async () => {
    const q3 = await viewOf(
      withPeriod({ start: "2026-07-01", end: "2026-09-30" }, { start: "2026-07-01", end: "2026-09-30" }),
      {
        formats: ["md"],
        branding: BRANDING,
      },
    );
    expect(q3.view.name).toBe("acme-analytics-ai-visibility-2026-Q3");
    const days = await viewOf(
      withPeriod({ start: "2026-10-01", end: "2026-10-12" }, { start: "2026-10-01", end: "2026-10-12" }),
      {
        formats: ["md"],
        branding: BRANDING,
      },
    );
    expect(days.view.name).toBe("acme-analytics-ai-visibility-2026-10-01_2026-10-12");
  });

  it("a range report keeps its v1 name", async () => {
    const { view } = await viewOf(smallReportData(), { formats: ["md"], branding: BRANDING });
    expect(view.name).toBe("acme-analytics-ai-visibility-7d-2026-11-01");
  });
});
