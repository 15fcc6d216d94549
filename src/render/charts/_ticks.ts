import { formatCount, MINUS } from "../../format/figures.js";
import { langOf } from "../../format/i18n/index.js";
import { formatIn } from "../../format/i18n/value.js";
import type { ChartSpec } from "../types.js";

/**
 * An axis tick as a percentage: 0.42 → "42%", 0.025 → "2.5%". Unlike a figure's percent (one decimal
 * everywhere, for figures), ticks drop a trailing ".0" so the axis stays uncluttered.
 */
export function percentTick(value: number): string {
  const n = Number((value * 100).toFixed(1));
  return n === 0 ? "0%" : `${n < 0 ? MINUS : ""}${Math.abs(n)}%`;
}

/** An axis tick as a count with thousands separators: 12345 → "12,345". */
export function countTick(value: number): string {
  return Number.isInteger(value)
    ? formatCount(value)
    : value.toLocaleString("en-US", { maximumFractionDigits: 1 });
}

/**
 * A tick in another locale than en-US, by Intl: "42 %", "2,5 %", "12.345" (de-DE), the trailing
 * ",0" dropped as in English.
 */
function localTick(valueType: ChartSpec["valueType"], locale: string): (value: number) => string {
  const format = new Intl.NumberFormat(locale, {
    ...(valueType === "percent" ? { style: "percent" as const } : {}),
    maximumFractionDigits: 1,
  });
  return (value) => {
    const rounded = valueType === "percent" ? Number((value * 100).toFixed(1)) / 100 : value;
    return rounded === 0 ? format.format(0) : (rounded < 0 ? MINUS : "") + format.format(Math.abs(rounded));
  };
}

/** The tick formatter for a chart's value axis, in the chart's locale (en-US when it has none). */
export function valueTick(
  valueType: ChartSpec["valueType"],
  locale?: string,
): (value: number | string) => string {
  if (locale !== undefined && langOf(locale).language !== "en") {
    const tick = localTick(valueType, langOf(locale).locale);
    return (value) => tick(Number(value));
  }
  return (value) => (valueType === "percent" ? percentTick(Number(value)) : countTick(Number(value)));
}

/** A data point as a label (legend of a doughnut): one decimal for rates, like every other figure. */
export function valueLabel(valueType: ChartSpec["valueType"], value: number | null, locale?: string): string {
  return formatIn(langOf(locale), valueType, value);
}

const MAX_LABEL = 40;

/**
 * A category label as lines of at most `width` characters, broken between words (a longer word
 * keeps its own line): under a vertical bar, "Google AI Overviews" reads as two lines instead of
 * tilting every label on the axis.
 */
export function wrapLabel(label: string, width = 12): string[] {
  const lines: string[] = [];
  for (const word of shortLabel(label).split(" ")) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Shortens a category label so long names (prompts, URLs) cannot squeeze the plot area to nothing. */
export function shortLabel(label: string): string {
  const flat = label.replace(/\s+/g, " ").trim();
  return flat.length > MAX_LABEL ? `${flat.slice(0, MAX_LABEL - 1)}…` : flat;
}
