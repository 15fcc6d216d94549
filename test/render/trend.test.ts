import { describe, expect, it } from "vitest";
import { viewOf } from "../../src/pipeline/plan.js";
import { smallReportData } from "../fixtures/report-data.js";

/** What the trend chart's alternative text says of the fixture's plotted days, before any change. */
const PLOTTED = [
  "Line chart.",
  "From 2026-10-26 to 2026-11-01.",
  "Mention rate: first 25.0% (2026-10-31), last 50.0% (2026-11-01), lowest 25.0% (2026-10-31), highest 50.0% (2026-11-01).",
  "Citation rate: first 0.0% (2026-10-31), last 25.0% (2026-11-01), lowest 0.0% (2026-10-31), highest 25.0% (2026-11-01).",
  "Share of voice: first 33.3% (2026-10-31), last 50.0% (2026-11-01), lowest 33.3% (2026-10-31), highest 50.0% (2026-11-01).",
];

/** The fixture's trend chart block, of `data` (default the fixture as it is). */
async function trendChart(data = smallReportData()) {
  const { view } = await viewOf(data, {
    formats: ["md"],
    branding: { agencyName: "N", accentColor: "#123456", locale: "en-US" },
  });
  const chart = view.sections.find((s) => s.key === "trend")?.blocks.find((b) => b.kind === "chart");
  if (chart?.kind !== "chart") throw new Error("no trend chart");
  return chart;
}

/**
 * The fixture's 7-day trend: 2026-10-31 (4 answers, 1 mention, no citation, share of voice 1/3)
 * and 2026-11-01 (4, 2, 1, 2/4); the previous period (10-19..10-25) has answers on 10-25 only
 * (8 answers, 2 mentions, 2 citations, share of voice 2/4).
 */
describe("trend section", () => {
  it("plots a 7-day period by day, the previous period's days under the current ones", async () => {
    const chart = await trendChart();
    const days = ["10-26", "10-27", "10-28", "10-29", "10-30", "10-31", "11-01"].map((d) => `2026-${d}`);
    expect(chart.chart.title).toBe("Rates by day, the previous period dashed");
    expect(chart.chart.labels).toEqual(days);
    const gap = [null, null, null, null, null];
    expect(chart.chart.datasets.map((d) => [d.label, d.data, d.previousOf])).toEqual([
      ["Mention rate", [...gap, 1 / 4, 2 / 4], undefined],
      ["Citation rate", [...gap, 0, 1 / 4], undefined],
      ["Share of voice", [...gap, 1 / 3, 2 / 4], undefined],
      // 10-25 is the previous period's seventh day, under 11-01.
      ["Previous period", [...gap, null, 2 / 8], 0],
      ["Previous period", [...gap, null, 2 / 8], 1],
      ["Previous period", [...gap, null, 2 / 4], 2],
    ]);
  });

  it("draws no line for a period of one day, and says why", async () => {
    const data = smallReportData();
    if (!data.report.ok) throw new Error("fixture without a report");
    data.report.value.period = {
      ...data.report.value.period,
      start: "2026-11-01",
      previous_start: "2026-10-25",
      previous_end: "2026-10-25",
      previous_days: 1,
      previous_days_with_data: 1,
    };
    const { view } = await viewOf(data, {
      formats: ["md"],
      branding: { agencyName: "N", accentColor: "#123456", locale: "en-US" },
    });
    const blocks = view.sections.find((s) => s.key === "trend")!.blocks;
    expect(blocks.some((b) => b.kind === "chart")).toBe(false);
    expect(blocks[0]).toEqual({
      kind: "paragraph",
      text: "One day in this period, so no line to draw: its rates are the key figures.",
    });
  });

  it("promises no dashed line when the previous period has no data: its title and legend say none", async () => {
    const data = smallReportData();
    if (!data.report.ok) throw new Error("fixture without a report");
    const trend = data.report.value.sections.find((section) => section.key === "trend");
    if (trend?.key !== "trend") throw new Error("fixture without a trend");
    trend.previous_rows = [];
    const chart = await trendChart(data);
    expect(chart.chart.title).toBe("Rates by day");
    expect(chart.chart.datasets.map((d) => d.label)).toEqual([
      "Mention rate",
      "Citation rate",
      "Share of voice",
    ]);
  });

  it("describes the chart in its alternative text, each rate's change in the executive summary's words", async () => {
    const chart = await trendChart();
    // The fixture's summary: mention rate 2/8 -> 3/8 (interval +5 to +20 pp: significant), citation
    // rate 2/8 -> 1/8 (-40 to +15 pp: not significant), share of voice 2/4 -> 3/7 (-20 to -1 pp).
    expect(chart.chart.alt).toBe(
      [
        ...PLOTTED,
        "Mention rate rose significantly from 25.0% to 37.5% (+12.5\u00a0pp; 95% interval +5.0 to +20.0\u00a0pp).",
        "Citation rate did not change significantly: 12.5% against 25.0% in the previous period (\u221212.5\u00a0pp; 95% interval \u221240.0 to +15.0\u00a0pp).",
        "Share of voice fell significantly from 50.0% to 42.9% (\u22127.1\u00a0pp; 95% interval \u221220.0 to \u22121.0\u00a0pp).",
      ].join(" "),
    );
  });

  it("claims no change in its alternative text when the comparison period is only partly covered", async () => {
    const data = smallReportData();
    if (!data.report.ok || !data.report.value.period) throw new Error("fixture without a period");
    data.report.value.period.previous_days_with_data = 3;
    const { alt } = (await trendChart(data)).chart;
    expect(alt).toBe(PLOTTED.join(" "));
  });
});
