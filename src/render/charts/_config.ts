import type { ChartConfiguration, ChartDataset, Plugin } from "chart.js";
import { PALETTE } from "../sections/_helpers.js";
import type { ChartSpec } from "../types.js";
import { markerLayout, markersPlugin } from "./_markers.js";
import { shortLabel, valueLabel, valueTick, wrapLabel } from "./_ticks.js";

/** Fills the canvas white before anything is drawn: PNGs are transparent by default, unreadable on dark viewers. */
export const whiteBackground: Plugin = {
  id: "vreportWhiteBackground",
  beforeDraw(chart) {
    const { ctx, width, height } = chart;
    ctx.save();
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, width, height);
    ctx.restore();
  },
};

/** The i-th series colour: the spec's own colour (accent first, set by build-view), else the shared palette. */
function colourAt(spec: ChartSpec, i: number): string {
  const own = spec.datasets[i]?.color;
  return own ?? PALETTE[i % PALETTE.length] ?? "#2f6fed";
}

/** Colours per slice for a doughnut: the first series colour, then the palette. */
function sliceColours(spec: ChartSpec): string[] {
  const first = colourAt(spec, 0);
  const rest = PALETTE.filter((c) => c.toLowerCase() !== first.toLowerCase());
  return spec.labels.map((_, i) => (i === 0 ? first : (rest[(i - 1) % rest.length] ?? first)));
}

const TICKS = { font: { size: 11 } };
const TITLE_FONT_PX = 13;
const TITLE_PAD_PX = 8;
/** The height the drawn title adds to a chart's image (Chart.js: a 1.2 line height and its padding). */
export const TITLE_PX = Math.ceil(TITLE_FONT_PX * 1.2 + TITLE_PAD_PX);

/** A step of 1, 2 or 5 times a power of ten, at least `raw`. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 5, 10].map((k) => k * power).find((s) => s >= raw) ?? 10 * power) as number;
}

/**
 * A line chart's value range fitted to its data (docs/decisions.md, "Layout of the page formats"):
 * from a little below the lowest point to a little above the highest, the padding 15 % of the
 * data's range (at least half a percentage point, or 1 for counts), rounded out to whole ticks of
 * about five steps and never below zero. A significant +1.9 pp then spans a visible part of the
 * axis, where an axis from 0 % would flatten it.
 */
export function fittedRange(spec: ChartSpec): { min: number; max: number } | undefined {
  const values = spec.datasets.flatMap((d) =>
    d.data.filter((v): v is number => v !== null && Number.isFinite(v)),
  );
  if (values.length === 0) return undefined;
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pad = Math.max((hi - lo) * 0.15, spec.valueType === "percent" ? 0.005 : 1);
  const step = niceStep((hi - lo + 2 * pad) / 5);
  // Rounded, so 7 × 0.05 is 0.35 and not 0.35000000000000003.
  const tick = (k: number) => Number((k * step).toPrecision(12));
  return { min: Math.max(0, tick(Math.floor((lo - pad) / step))), max: tick(Math.ceil((hi + pad) / step)) };
}
const GRID = { color: "#e6e6e6" };
/** The bars of everyone but the client where its own bar is marked. */
const OTHERS_GREY = "#a3acb9";

/** Chart.js options shared by every type: a fixed-size, non-animated rendering. */
function baseOptions(spec: ChartSpec) {
  return {
    animation: false as const,
    responsive: false,
    maintainAspectRatio: false,
    // Laid out in CSS pixels; each image is drawn at its own scale (teeContext). Fixed rather than
    // the platform's ratio, so a PNG has the same pixels on every machine.
    devicePixelRatio: 1,
    layout: { padding: 8 },
    plugins: {
      // The title is drawn into the image, so a chart copied out of any format keeps it.
      title: {
        display: true,
        text: spec.title,
        align: "start" as const,
        color: "#1d2330",
        font: { size: TITLE_FONT_PX, weight: "bold" as const },
        padding: { top: 0, bottom: TITLE_PAD_PX },
      },
      legend: {
        display: spec.type === "doughnut" || spec.datasets.length > 1,
        position: "top" as const,
        labels: {
          boxWidth: 12,
          font: { size: 11 },
          // Series sharing a label (the previous period's lines) get one entry.
          filter: (item: { text: string; datasetIndex?: number }) =>
            spec.datasets.findIndex((d) => d.label === item.text) === (item.datasetIndex ?? 0),
        },
      },
    },
  };
}

/** The value axis: from zero, ticks as "42%" or "12,345"; counts never get fractional ticks. */
function valueAxis(spec: ChartSpec, stacked: boolean) {
  return {
    stacked,
    beginAtZero: true,
    ticks: {
      ...TICKS,
      callback: valueTick(spec.valueType, spec.locale),
      precision: spec.valueType === "count" ? 0 : 3,
    },
    grid: GRID,
  };
}

/** The configurations we produce, one per Chart.js type. */
export type AnyChartConfig =
  | ChartConfiguration<"doughnut">
  | ChartConfiguration<"line">
  | ChartConfiguration<"bar">;

/** The Chart.js configuration of `spec`: pure, so the mapping is testable without a canvas. */
export function chartConfig(spec: ChartSpec): AnyChartConfig {
  const base = baseOptions(spec);
  const labels = spec.labels.map(shortLabel);

  if (spec.type === "doughnut") {
    // The value goes into the legend label: a doughnut has no axis to read it from.
    const values = spec.datasets[0]?.data ?? [];
    const withValues = labels.map(
      (l, i) => `${l} ${valueLabel(spec.valueType, values[i] ?? null, spec.locale)}`,
    );
    const datasets: ChartDataset<"doughnut">[] = spec.datasets.map((d) => ({
      label: d.label,
      data: d.data.map((v) => v ?? 0),
      backgroundColor: sliceColours(spec),
      borderColor: "#ffffff",
      borderWidth: 1,
    }));
    return {
      type: "doughnut",
      data: { labels: withValues, datasets },
      options: { ...base, cutout: "55%" },
      plugins: [whiteBackground],
    };
  }

  if (spec.type === "line") {
    const datasets: ChartDataset<"line">[] = spec.datasets.map((d, i) => {
      // A previous period's line: its current line's colour, thin, dashed and light, so it reads
      // as background (docs/metrics.md, Trend).
      const faint = d.previousOf !== undefined;
      const colour = faint ? `${colourAt(spec, d.previousOf ?? 0)}66` : colourAt(spec, i);
      return {
        label: d.label,
        data: d.data,
        borderColor: colour,
        backgroundColor: colour,
        borderWidth: faint ? 1.5 : 2,
        ...(faint ? { borderDash: [5, 3] } : {}),
        pointRadius: faint || spec.labels.length > 60 ? 0 : 2,
        tension: 0,
        // A day without snapshots is a gap, never a line drawn through a zero.
        spanGaps: false,
      };
    });
    const range = fittedRange(spec);
    const scales = {
      x: { ticks: { ...TICKS, maxRotation: 0, autoSkip: true, maxTicksLimit: 10 }, grid: { display: false } },
      y: { ...valueAxis(spec, false), ...(range ? { beginAtZero: false, ...range } : {}) },
    };
    return {
      type: "line",
      data: { labels, datasets },
      options: { ...base, scales },
      plugins: spec.markers?.length
        ? [whiteBackground, markersPlugin(spec.markers, markerLayout(spec))]
        : [whiteBackground],
    };
  }

  // Bars. Horizontal and stacked bars list categories down the page (long topic and domain names
  // read better there, and their specs grow in height with the number of categories).
  const horizontal = spec.type === "horizontal_bar" || spec.type === "stacked_bar";
  const stacked = spec.type === "stacked_bar";
  // The client's own bar (spec.highlight) in the series colour, every other bar grey; its label
  // says whose it is ("Brightwave (yours)"): readable in colour, in grey and in words.
  const own = spec.highlight;
  const datasets: ChartDataset<"bar">[] = spec.datasets.map((d, i) => ({
    label: d.label,
    data: d.data,
    backgroundColor: own
      ? spec.labels.map((_, j) => (j === own.index ? colourAt(spec, i) : OTHERS_GREY))
      : colourAt(spec, i),
    borderWidth: 0,
    maxBarThickness: 28,
  }));
  const values = valueAxis(spec, stacked);
  // Under vertical bars, long names wrap onto lines rather than tilting the whole axis.
  const categories = {
    stacked,
    ticks: { ...TICKS, autoSkip: false, ...(horizontal ? {} : { maxRotation: 0 }) },
    grid: { display: false },
  };
  const scales = horizontal ? { x: values, y: categories } : { x: categories, y: values };
  return {
    type: "bar",
    data: { labels: horizontal ? labels : spec.labels.map((l) => wrapLabel(l)), datasets },
    options: { ...base, indexAxis: horizontal ? "y" : "x", scales },
    plugins: [whiteBackground],
  };
}
