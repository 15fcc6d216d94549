import { lengthOf } from "../../contract/index.js";
import { comparisonOf } from "../../report/comparison.js";
import { movement } from "../../report/executive-summary.js";
import { pointDays, type TrendPoint, trendPoints } from "../../report/trend-points.js";
import { described } from "../chart-alt.js";
import type { ChartSpec } from "../types.js";
import { col, fromSections, type SectionDrafter } from "./_helpers.js";
import { changeMarkers, whatWeDidTable } from "./_what-we-did.js";

const PREVIOUS = "Previous period";

const SERIES = [
  ["mention_rate", "Mention rate"],
  ["citation_rate", "Citation rate"],
  ["share_of_voice", "Share of voice"],
] as const;

/**
 * The rates over the period, by week for 30 and 90 days and by day for 7 (docs/metrics.md,
 * Trend), with the previous period faint behind them point for point; then the daily table,
 * which the client profile leaves to the workbook. The agency's changes (docs/changes.md) are
 * marked on the chart and listed with the rates around them.
 */
export const trend: SectionDrafter = (model) =>
  fromSections("trend", model, (s) => {
    const rows = s.trend.rows;
    const p = model.cover.period;
    if (rows.length === 0 || !p)
      return [{ kind: "notice", text: "No answers were collected in this period." }];
    const step = pointDays(lengthOf(p));
    const current = trendPoints(rows, p, step);
    const previous = alignTo(current, trendPoints(s.trend.previous_rows, prevOf(p), step));
    const datasets: ChartSpec["datasets"] = [
      ...SERIES.map(([key, label]) => ({ label, data: current.map((pt) => pt[key]) })),
      ...SERIES.map(([key], i) => ({
        // One legend entry stands for the three (the chart's legend shows a label once).
        label: PREVIOUS,
        data: previous.map((pt) => pt?.[key] ?? null),
        previousOf: i,
      })),
    ];
    const log = model.changes;
    const markers = log ? changeMarkers(log, current) : undefined;
    // What the dashed lines compare, in the executive summary's words: a change the service does
    // not flag significant is not called a rise or a fall; none at all without a full comparison.
    const changes =
      comparisonOf(p).kind === "full"
        ? s.summary.rows.flatMap((r) =>
            r.previous === null || r.delta === null
              ? []
              : [movement(r.label, r.current, r.previous, r.delta, r.stats).text],
          )
        : [];
    return [
      {
        kind: "chart",
        spec: described(
          {
            id: "trend",
            title:
              step === 7
                ? "Rates by week, the previous period dashed"
                : "Rates by day, the previous period dashed",
            type: "line",
            labels: current.map((pt) => pt.start),
            datasets,
            valueType: "percent",
            ...(markers?.length ? { markers } : {}),
            width: 680,
            height: 220,
          },
          changes,
        ),
      },
      ...(log ? [whatWeDidTable(log)] : []),
      {
        kind: "table",
        id: "trend",
        // Beside the change log's table each is named (and so is each one's sheet: "Trend – Daily rates").
        ...(log ? { title: "Daily rates" } : {}),
        columns: [
          col("date", "Date", "date"),
          col("snapshots", "Answers", "count"),
          col("mention_rate", "Mention rate", "percent"),
          col("citation_rate", "Citation rate", "percent"),
          col("share_of_voice", "Share of voice", "percent"),
        ],
        rows: rows.map((r) => ({
          date: r.date,
          snapshots: r.snapshots,
          mention_rate: r.mention_rate,
          citation_rate: r.citation_rate,
          share_of_voice: r.share_of_voice,
        })),
        emptyText: "No answers were collected in this period.",
      },
    ];
  });

function prevOf(p: { previous_start: string; previous_end: string }) {
  return { start: p.previous_start, end: p.previous_end };
}

/**
 * The previous period's points under the current ones, matched from the end (the last week with
 * the last week): periods of different lengths (a month against a shorter one) still line up
 * week for week, and a point with no counterpart is a gap.
 */
function alignTo(current: readonly TrendPoint[], previous: readonly TrendPoint[]): (TrendPoint | null)[] {
  const offset = previous.length - current.length;
  return current.map((_, i) => previous[i + offset] ?? null);
}
