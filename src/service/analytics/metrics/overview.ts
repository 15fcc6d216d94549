import {
  PLATFORMS,
  type Platform,
  type RangeEcho,
  type VisibilityOverview,
} from "../../../contract/index.js";
import { type DayRange, noComparison, type Period } from "../period.js";
import type { BrandCells } from "../queries/prompt-cells.js";
import { brandStats, type EntityStats } from "./rate-stats.js";
import { metric, rate, shareOfVoice } from "./rates.js";
import { type DailyRows, type DayCounts, inRange, type Tally, tallyBy, tallyOf } from "./tally.js";

/** Brand rates of a tally. */
export function ratesOf(t: Tally): { mention: number; citation: number; sov: number } {
  return {
    mention: rate(t.mentioned, t.snapshots),
    citation: rate(t.cited, t.snapshots),
    sov: shareOfVoice(t.mentioned, t.mentioned + t.competitorMentions),
  };
}

/** Tallies of the current and previous periods. */
export function periodTallies(
  rows: readonly DayCounts[],
  period: Period,
): { current: Tally; previous: Tally } {
  return {
    current: tallyOf(rows, (r) => inRange(r.day, period.current)),
    previous: tallyOf(rows, (r) => inRange(r.day, period.previous)),
  };
}

/** Days of `days` that have snapshots, oldest first, with their tallies. */
export function dailyTallies(rows: readonly DayCounts[], days: DayRange): [string, Tally][] {
  return [...tallyBy(rows, days, (r) => r.day).entries()]
    .filter(([, t]) => t.snapshots > 0)
    .sort(([a], [b]) => (a < b ? -1 : 1));
}

/** GET /visibility/overview data from each day's counts. */
export function overviewOf(
  rows: readonly DayCounts[],
  stats: EntityStats,
  period: Period,
  range: RangeEcho,
): VisibilityOverview {
  const { current, previous } = periodTallies(rows, period);
  const cur = ratesOf(current);
  const prev = ratesOf(previous);
  const days = dailyTallies(rows, period.current);
  const none = noComparison(period, previous.snapshots);
  return {
    range,
    mention_rate: { ...metric(cur.mention, none ? null : prev.mention), stats: stats.mention },
    citation_rate: { ...metric(cur.citation, none ? null : prev.citation), stats: stats.citation },
    share_of_voice: { ...metric(cur.sov, none ? null : prev.sov), stats: stats.sov },
    trend_series: {
      mention: days.map(([date, t]) => ({ date, value: rate(t.mentioned, t.snapshots) })),
      citation: days.map(([date, t]) => ({ date, value: rate(t.cited, t.snapshots) })),
    },
  };
}

/** Per-platform rates of both periods; platforms with snapshots in the current period, in spec order. */
export function platformRows(rows: DailyRows, cells: BrandCells, period: Period) {
  const cur = tallyBy(rows.platforms, period.current, (r) => r.platform);
  const prev = tallyBy(rows.platforms, period.previous, (r) => r.platform);
  return PLATFORMS.filter((p) => (cur.get(p)?.snapshots ?? 0) > 0).map((platform: Platform) => {
    const c = ratesOf(cur.get(platform)!);
    const p = prev.get(platform);
    const pr = p ? ratesOf(p) : { mention: 0, citation: 0, sov: 0 };
    const stats = brandStats(cells, (cell) => cell.platform === platform);
    return {
      platform,
      snapshots: cur.get(platform)!.snapshots,
      mention_rate: c.mention,
      mention_delta: c.mention - pr.mention,
      citation_rate: c.citation,
      citation_delta: c.citation - pr.citation,
      share_of_voice: c.sov,
      sov_delta: c.sov - pr.sov,
      mention_stats: stats.mention,
      citation_stats: stats.citation,
      sov_stats: stats.sov,
    };
  });
}
