import type { Lang } from "../format/i18n/index.js";
import { formatIn } from "../format/i18n/value.js";
import type { ChartSpec } from "./types.js";

/**
 * A chart's alternative text, built from the data it plots (docs/accessibility.md): what a reader
 * who cannot see the image needs to know of it. Pure, in the report's language (`lang.m.alt`,
 * docs/i18n.md) with its figures.
 *
 * It describes the plotted values and claims no change by itself: a line's first and last points
 * are named as such, never as a rise or a fall. A comparison that the service tested (the trend's
 * period against the previous one) comes in as `findings`, worded by the drafter as the
 * executive summary words it: "rose significantly", or "did not change significantly"
 * (docs/metrics.md, "Intervals and significance").
 */
function chartAlt(spec: Omit<ChartSpec, "alt">, lang: Lang, findings: readonly string[] = []): string {
  const parts = [
    `${lang.m.alt.kind[spec.type]}.`,
    ...(spec.type === "line"
      ? lineSentences(spec, lang)
      : spec.type === "stacked_bar"
        ? [stackSentence(spec, lang)]
        : barSentences(spec, lang)),
    ...findings,
  ];
  return parts.join(" ");
}

/** The chart with its alternative text: what a drafter puts in its view. */
export function described(
  spec: Omit<ChartSpec, "alt">,
  lang: Lang,
  findings: readonly string[] = [],
): ChartSpec {
  return { ...spec, alt: chartAlt(spec, lang, findings) };
}

/** Labels a sentence lists one by one; past it, the rest are counted ("and 4 more"). */
const LISTED = 12;

type Data = Omit<ChartSpec, "alt">;

const value = (spec: Data, lang: Lang, v: number) => formatIn(lang, spec.valueType, v);

/** The labelled values of one series, nulls left out, the first LISTED of them named. */
function listed(items: readonly string[], lang: Lang): string {
  if (items.length === 0) return lang.m.alt.noData;
  const shown = items.slice(0, LISTED).join(", ");
  const more = items.length - LISTED;
  return more > 0 ? lang.m.alt.more(shown, more) : shown;
}

/**
 * A line per series of this period (the previous period's faint copies are left to `findings`):
 * its first and last points, its lowest and highest, each with its label; then the marked changes.
 */
function lineSentences(spec: Data, lang: Lang): string[] {
  const a = lang.m.alt;
  const span = spec.labels.length > 0 ? [a.span(spec.labels[0] ?? "", spec.labels.at(-1) ?? "")] : [];
  const series = spec.datasets
    .filter((d) => d.previousOf === undefined)
    .map((d) => {
      const points = d.data.flatMap((v, i) => (v === null ? [] : [{ v, at: spec.labels[i] ?? "" }]));
      if (points.length === 0) return `${d.label}: ${a.noData}.`;
      const first = points[0]!;
      const last = points.at(-1)!;
      const low = points.reduce((a, p) => (p.v < a.v ? p : a));
      const high = points.reduce((a, p) => (p.v > a.v ? p : a));
      const at = (p: { v: number; at: string }) => `${value(spec, lang, p.v)} (${p.at})`;
      return a.line(d.label, at(first), at(last), at(low), at(high));
    });
  const markers = spec.markers?.length
    ? [a.marked(spec.markers.map((m) => `${m.label} (${spec.labels[m.index] ?? ""})`).join("; "))]
    : [];
  return [...span, ...series, ...markers];
}

/** One sentence per series: each label with its value, in the chart's order. */
function barSentences(spec: Data, lang: Lang): string[] {
  return spec.datasets.map((d) => {
    const items = d.data.flatMap((v, i) =>
      v === null ? [] : [`${spec.labels[i] ?? ""} ${value(spec, lang, v)}`],
    );
    return `${d.label}: ${listed(items, lang)}.`;
  });
}

/**
 * Stacked bars, label by label: a bar of one series is its value and that series' name ("g2.com
 * 12.0% (Other sites)"); a bar of several is its total and its non-zero parts.
 */
function stackSentence(spec: Data, lang: Lang): string {
  const items = spec.labels.map((label, i) => {
    const parts = spec.datasets.flatMap((d) => {
      const v = d.data[i];
      return v === null || v === undefined || v === 0 ? [] : [{ name: d.label, v }];
    });
    if (parts.length === 1) return `${label} ${value(spec, lang, parts[0]!.v)} (${parts[0]!.name})`;
    const total = parts.reduce((a, p) => a + p.v, 0);
    const detail = parts.map((p) => `${p.name} ${value(spec, lang, p.v)}`).join(", ");
    return parts.length === 0
      ? `${label} ${value(spec, lang, 0)}`
      : `${label} ${value(spec, lang, total)} (${detail})`;
  });
  return `${listed(items, lang)}.`;
}
