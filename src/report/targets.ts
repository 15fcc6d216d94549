import { TARGET_METRICS, type TargetMetric, type Targets } from "../config/targets.js";
import type { Platform, RateStats, ReportSectionOf } from "../contract/index.js";

/**
 * Where a rate stands against its target (docs/targets.md): on track when it reaches the target;
 * at risk when it falls short but the target lies within its 95 % interval, so the sample cannot
 * tell it apart from the target; off track when the whole interval lies below the target (or,
 * without an interval, when the rate falls short); no data when nothing was answered.
 */
export const TARGET_STATUSES = ["on_track", "at_risk", "off_track", "no_data"] as const;
export type TargetStatus = (typeof TARGET_STATUSES)[number];

/** One target and the rate it is checked against. */
export interface TargetCheck {
  /** The platform the target is for; null for all platforms together. */
  platform: Platform | null;
  metric: TargetMetric;
  target: number;
  /** The current period's rate; null without answers in the scope. */
  value: number | null;
  /** value − target; null without a value. */
  gap: number | null;
  /** The current period's 95 % interval of the rate, where it can be estimated. */
  low: number | null;
  high: number | null;
  status: TargetStatus;
}

/** The status of a rate against its target (the rule above). */
export function targetStatus(value: number | null, high: number | null, target: number): TargetStatus {
  if (value === null) return "no_data";
  if (value >= target) return "on_track";
  return high !== null && high >= target ? "at_risk" : "off_track";
}

function check(
  platform: Platform | null,
  metric: TargetMetric,
  target: number,
  rate: { value: number; stats: RateStats } | null,
): TargetCheck {
  const value = rate === null || rate.stats.answers === 0 ? null : rate.value;
  const low = value === null ? null : rate!.stats.low;
  const high = value === null ? null : rate!.stats.high;
  return {
    platform,
    metric,
    target,
    value,
    gap: value === null ? null : value - target,
    low,
    high,
    status: targetStatus(value, high, target),
  };
}

const PLATFORM_FIELDS = {
  mention_rate: ["mention_rate", "mention_stats"],
  citation_rate: ["citation_rate", "citation_stats"],
  share_of_voice: ["share_of_voice", "sov_stats"],
} as const;

/**
 * Every target set in `targets` checked against the report: the overall ones against the
 * summary's rates, then each platform's (in the config's order) against the platforms section;
 * a platform without answers in the period gets "no data".
 */
export function checkTargets(
  sections: { summary: ReportSectionOf<"summary">; platforms: ReportSectionOf<"platforms"> },
  targets: Targets,
): TargetCheck[] {
  const out: TargetCheck[] = [];
  for (const metric of TARGET_METRICS) {
    const target = targets[metric];
    if (target === undefined) continue;
    const kpi = sections.summary.rows.find((r) => r.metric === metric);
    out.push(check(null, metric, target, kpi ? { value: kpi.current, stats: kpi.stats } : null));
  }
  for (const [platform, byMetric] of Object.entries(targets.platforms ?? {}) as [
    Platform,
    Partial<Record<TargetMetric, number>>,
  ][]) {
    const row = sections.platforms.rows.find((r) => r.platform === platform);
    for (const metric of TARGET_METRICS) {
      const target = byMetric[metric];
      if (target === undefined) continue;
      const [value, stats] = PLATFORM_FIELDS[metric];
      out.push(check(platform, metric, target, row ? { value: row[value], stats: row[stats] } : null));
    }
  }
  return out;
}
