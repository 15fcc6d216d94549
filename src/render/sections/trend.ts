import { daysBetween } from "../../contract/calendar-periods.js";
import { addDays, lengthOf, type ReportSectionOf } from "../../contract/index.js";
import { platformName } from "../../format/figures.js";
import type { Lang } from "../../format/i18n/index.js";
import { sayRateChange } from "../../report/claims/say.js";
import { comparisonOf } from "../../report/comparison.js";
import type { Coverage } from "../../report/coverage.js";
import { pointDays, type TrendPoint, trendPoints } from "../../report/trend-points.js";
import { described } from "../chart-alt.js";
import type { ChartSpec, DraftBlock } from "../types.js";
import { col, fromSections, type SectionDrafter, tableOf, versusOf, workbookOnly } from "./_helpers.js";
import { changeMarkers, whatWeDidTable } from "./_what-we-did.js";

/** The daily table's columns: a day's key, its column's word (`columns`) and its type. */
const DAILY = [
  ["date", "date", "date"],
  ["snapshots", "answers", "count"],
  ["mention_rate", "mentionRate", "percent"],
  ["citation_rate", "citationRate", "percent"],
  ["share_of_voice", "shareOfVoice", "percent"],
] as const;

const SERIES = [
  ["mention_rate", "mentionRate"],
  ["citation_rate", "citationRate"],
  ["share_of_voice", "shareOfVoice"],
] as const;

/**
 * The rates over the period, by week for 30 and 90 days and by day for 7 (docs/metrics.md,
 * Trend), with the previous period faint behind them point for point; then the daily table,
 * which the client profile leaves to the workbook. The agency's changes (docs/changes.md) are
 * marked on the chart and listed with the rates around them.
 */
export const trend: SectionDrafter = (model, lang) =>
  fromSections("trend", model, lang, (s) => {
    const rows = s.trend.rows;
    const p = model.cover.period;
    const { charts, columns: c } = lang.m;
    if (rows.length === 0 || !p) return [{ kind: "notice", text: lang.m.notices.noAnswers }];
    // The faint lines are the previous period's or the same days' a year earlier, and say which.
    const versus = versusOf(model, lang);
    const step = pointDays(lengthOf(p));
    const current = trendPoints(rows, p, step);
    const previous = alignTo(current, trendPoints(s.trend.previous_rows, prevOf(p), step));
    // Without a point of the previous period (no comparison, or no data then) there is no dashed
    // line, so neither the title nor the legend may promise one.
    const dashed = previous.some((pt) => pt !== null && SERIES.some(([key]) => pt[key] !== null));
    const datasets: ChartSpec["datasets"] = [
      ...SERIES.map(([key, label]) => ({ label: charts[label], data: current.map((pt) => pt[key]) })),
      ...(dashed ? SERIES : []).map(([key], i) => ({
        // One legend entry stands for the three (the chart's legend shows a label once).
        label: versus.label,
        data: previous.map((pt) => pt?.[key] ?? null),
        previousOf: i,
      })),
    ];
    const alone = step === 7 ? charts.ratesByWeek : charts.ratesByDay;
    const titles = { withPrevious: `${alone}, ${versus.dashed}`, alone };
    const byDay = new Map(s.trend.previous_rows.map((r) => [r.date, r]));
    const log = model.changes;
    const markers = log ? changeMarkers(log, current) : undefined;
    // What the dashed lines compare, in the executive summary's words: a change the service does
    // not flag significant is not called a rise or a fall; none at all without a full comparison.
    const changes =
      comparisonOf(p).kind === "full"
        ? s.summary.rows.flatMap((r) =>
            r.previous === null || r.delta === null
              ? []
              : [sayRateChange(lang, r.label, r.current, r.previous, r.delta, r.stats, p.compare)],
          )
        : [];
    // A line needs two points: a one-day period (month to date on the 1st) says so instead.
    const chart: DraftBlock[] =
      current.length < 2
        ? [{ kind: "paragraph", text: lang.m.trend.onePoint }]
        : [
            {
              kind: "chart",
              spec: described(
                {
                  id: "trend",
                  title: dashed ? titles.withPrevious : titles.alone,
                  type: "line",
                  // Each point's first day, as the report's language writes dates (ISO in English).
                  labels: current.map((pt) => lang.f.date(pt.start)),
                  datasets,
                  valueType: "percent",
                  ...(markers?.length ? { markers } : {}),
                  width: 680,
                  height: 210,
                },
                lang,
                changes,
              ),
            },
          ];
    return [
      ...chart,
      // On the page formats the change log is the agency page's "Work delivered" (docs/agency.md);
      // the workbook keeps this table beside the daily rates.
      ...(log ? [{ ...whatWeDidTable(log, lang), workbookOnly: true }] : []),
      {
        kind: "table",
        id: "trend",
        // Beside the other tables each is named (and so is each one's sheet: "Trend – Daily rates").
        title: lang.m.trend.dailyRates,
        columns: [
          ...DAILY.map(([key, label, type]) => col(key, c[label], type)),
          // The compared period's day beside each day, in the workbook only: the dashed lines'
          // numbers, day by day.
          ...DAILY.map(([key, label, type]) => ({
            ...workbookOnly(col(`compared_${key}`, lang.m.trend.compared(c[label], versus.label), type)),
            comparison: true,
          })),
        ],
        rows: rows.map((r) => {
          // Matched from the end, as the chart's points are: the period's last day beside the
          // compared period's last.
          const then = byDay.get(addDays(p.previous_end, -daysBetween(r.date, p.end)));
          return Object.fromEntries(
            DAILY.flatMap(([key]) => [
              [key, r[key]],
              [`compared_${key}`, then?.[key] ?? null],
            ]),
          );
        }),
        emptyText: lang.m.notices.noAnswers,
      },
      platformDays(s.trend, model.coverage, lang),
    ];
  });

/**
 * The platform × day table, in the workbook only (the page formats keep their length): one row
 * per day with collections, each platform's mention rate (a fraction, shown as %) and answers that
 * day. A platform that collected nothing that day has blank cells, never 0: no answers is no rate
 * (docs/decisions.md, "A workbook without traps"). Its platforms are the trend's, then any tracked
 * platform that collected nothing at all in the period (the data coverage's).
 */
function platformDays(trend: ReportSectionOf<"trend">, coverage: Coverage, lang: Lang): DraftBlock {
  const t = lang.m.trend;
  const platforms = [
    ...new Set([...trend.by_platform.map((p) => p.platform), ...coverage.short.map((c) => c.platform)]),
  ];
  const days = new Map(
    trend.by_platform.map((p) => [
      p.platform,
      new Map(p.rows.filter((r) => r.snapshots > 0).map((r) => [r.date, r])),
    ]),
  );
  const columns = [
    col("date", lang.m.columns.date, "date"),
    ...platforms.map((p) => col(`rate_${p}`, t.platformRate(platformName(p)), "percent")),
    ...platforms.map((p) => col(`answers_${p}`, t.platformAnswers(platformName(p)), "count")),
  ];
  const rows = trend.rows.map((r) => ({
    date: r.date,
    ...Object.fromEntries(
      platforms.flatMap((p) => {
        const day = days.get(p)?.get(r.date);
        return [
          [`rate_${p}`, day?.mention_rate ?? null],
          [`answers_${p}`, day?.snapshots ?? null],
        ];
      }),
    ),
  }));
  return tableOf("trend-platforms", columns, rows, lang.m.notices.noAnswers, {
    title: t.platformsByDay,
    note: t.platformsByDayNote,
    workbookOnly: true,
  });
}

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
