import type { ReportPeriod } from "../contract/index.js";
import { formatCount } from "../format/figures.js";
import { countOf } from "../format/plural.js";

/**
 * Whether the report may show changes (docs/decisions.md#period): only when its comparison period
 * has data on every day. Without data it says "no data for October 2025"; partly covered, it
 * states the coverage; in both cases it shows no change, never a change from 0 %.
 */
export type Comparison =
  | { kind: "full" }
  | { kind: "none"; label: string }
  | { kind: "partial"; label: string; covered: number; days: number };

/** The comparison a report's period allows; full when the period is unknown (no visibility data). */
export function comparisonOf(period: ReportPeriod | null): Comparison {
  if (!period) return { kind: "full" };
  const covered = period.previous_days_with_data;
  if (covered === 0) return { kind: "none", label: period.previous_label };
  if (covered < period.previous_days)
    return { kind: "partial", label: period.previous_label, covered, days: period.previous_days };
  return { kind: "full" };
}

/** The sentence every format shows when changes are withheld, or undefined when they are shown. */
export function comparisonNotice(c: Comparison): string | undefined {
  if (c.kind === "none") return `No data for ${c.label}, the comparison period: no change is shown.`;
  if (c.kind === "partial")
    return `The comparison period, ${c.label}, was tracked on ${formatCount(c.covered)} of ${countOf(c.days, "day")}: no change is shown.`;
  return undefined;
}
