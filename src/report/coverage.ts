import { addDays, type Platform, type ReportPeriod, type ReportSectionOf } from "../contract/index.js";

/** Consecutive days: `start` to `end`, `days` of them. */
export interface DayRun {
  start: string;
  end: string;
  days: number;
}

/** How completely one platform collected in the period (docs/claims.md, "Data coverage"). */
export interface PlatformCoverage {
  platform: Platform;
  /** Days on which it collected nothing, as runs of consecutive collection days. */
  missing: DayRun[];
  missingDays: number;
  /** Days on which it collected fewer answers than the platform that collected most that day. */
  partial: DayRun[];
  partialDays: number;
  /** Answers short of that day's most, summed over its missing and partial days. */
  shortfall: number;
}

/** The period's coverage: the days anything was collected on, and each platform short of them. */
export interface Coverage {
  /** Days of the period on which at least one platform collected. */
  days: number;
  /** Platforms with a missing or a partial day, in the trend's platform order; empty when none. */
  short: PlatformCoverage[];
}

/** Runs of consecutive days (sorted YYYY-MM-DD); `next` says which day follows which. */
function runsOf(days: readonly string[], next: (day: string) => string): DayRun[] {
  const out: DayRun[] = [];
  for (const day of days) {
    const last = out[out.length - 1];
    if (last && next(last.end) === day) {
      last.end = day;
      last.days++;
    } else out.push({ start: day, end: day, days: 1 });
  }
  return out;
}

/**
 * Which platforms collected less than expected in the current period. A day is expected of every
 * tracked platform when any platform collected on it (a day nothing was collected on is the
 * schedule's, not a platform's gap), and the answers expected of a platform that day are the most
 * any platform collected (every platform asks every tracked prompt). Consecutive means
 * consecutive among the collection days, so a weekly schedule's gap of a week is one run.
 */
export function coverageOf(
  trend: Pick<ReportSectionOf<"trend">, "rows" | "by_platform">,
  period: Pick<ReportPeriod, "start" | "end">,
  tracked: readonly Platform[],
): Coverage {
  const inPeriod = (d: string) => d >= period.start && d <= period.end;
  const counts = new Map(
    trend.by_platform.map((p) => [
      p.platform,
      new Map(p.rows.filter((r) => inPeriod(r.date)).map((r) => [r.date, r.snapshots])),
    ]),
  );
  const days = trend.rows
    .filter((r) => r.snapshots > 0 && inPeriod(r.date))
    .map((r) => r.date)
    .sort();
  const most = new Map(days.map((d) => [d, Math.max(0, ...[...counts.values()].map((c) => c.get(d) ?? 0))]));
  // The day after each collection day among the collection days, so a run spans the schedule's gaps.
  const following = new Map(days.map((d, i) => [d, days[i + 1] ?? addDays(d, 1)]));
  const next = (d: string) => following.get(d) ?? addDays(d, 1);
  const platforms = [...new Set([...trend.by_platform.map((p) => p.platform), ...tracked])];
  const short = platforms.flatMap((platform): PlatformCoverage[] => {
    const mine = counts.get(platform) ?? new Map<string, number>();
    const missing: string[] = [];
    const partial: string[] = [];
    let shortfall = 0;
    for (const day of days) {
      const n = mine.get(day) ?? 0;
      const expected = most.get(day) ?? 0;
      if (n >= expected) continue;
      (n === 0 ? missing : partial).push(day);
      shortfall += expected - n;
    }
    if (missing.length + partial.length === 0) return [];
    return [
      {
        platform,
        missing: runsOf(missing, next),
        missingDays: missing.length,
        partial: runsOf(partial, next),
        partialDays: partial.length,
        shortfall,
      },
    ];
  });
  return { days: days.length, short };
}
