import type { ReportPeriod } from "../contract/index.js";
import { ENGLISH, type Lang } from "../format/i18n/index.js";

/**
 * Whether the report may show changes (docs/decisions.md#period): only when its comparison period
 * has data on every day. Without data it says "no data for October 2025"; partly covered, it
 * states the coverage; in both cases it shows no change, never a change from 0 %.
 */
export type Comparison =
  | { kind: "full" }
  | { kind: "none"; label: string; start?: string; end?: string }
  | { kind: "partial"; label: string; covered: number; days: number; start?: string; end?: string };

/** The comparison a report's period allows; full when the period is unknown (no visibility data). */
export function comparisonOf(period: ReportPeriod | null): Comparison {
  if (!period) return { kind: "full" };
  const covered = period.previous_days_with_data;
  // The days too, so a translated report names the period in its own language (docs/i18n.md).
  const named = { label: period.previous_label, start: period.previous_start, end: period.previous_end };
  if (covered === 0) return { kind: "none", ...named };
  if (covered < period.previous_days)
    return { kind: "partial", ...named, covered, days: period.previous_days };
  return { kind: "full" };
}

/** The sentence every format shows when changes are withheld, or undefined when they are shown. */
export function comparisonNotice(c: Comparison, lang: Lang = ENGLISH): string | undefined {
  if (c.kind === "full") return undefined;
  const label = lang.f.periodLabel(c.label, c.start ?? "", c.end ?? "");
  if (c.kind === "none") return lang.m.notices.noComparisonData(label);
  return lang.m.notices.partialComparison(label, c.covered, c.days);
}
