import type { Platform } from "../../../contract/index.js";
import { getOrSet } from "../_map.js";
import type { DayRange } from "../period.js";

/** Counts of one day, over all platforms or of one (the columns of agg_platform_day). */
export interface DayCounts {
  day: string;
  snapshots: number;
  mentioned: number;
  cited: number;
  /** Σ over tracked competitors of the snapshots mentioning each. */
  competitor_mentions: number;
}

/** Snapshots of one project/day/platform (agg_platform_day). */
export interface PlatformDayRow extends DayCounts {
  platform: Platform;
}

/** One competitor's mentions and citations on one project/day/platform (agg_competitor_day). */
export interface CompetitorDayRow {
  day: string;
  platform: Platform;
  competitor_id: string;
  mentioned: number;
  cited: number;
}

/** Counts behind every rate: snapshots, brand mentions and citations, competitor mentions. */
export interface Tally {
  snapshots: number;
  mentioned: number;
  cited: number;
  /** Σ over tracked competitors of the snapshots mentioning each (share-of-voice denominator part). */
  competitorMentions: number;
}

/** The daily rows of both periods, as loaded once per request. */
export interface DailyRows {
  platforms: PlatformDayRow[];
}

/** An all-zero tally. */
function emptyTally(): Tally {
  return { snapshots: 0, mentioned: 0, cited: 0, competitorMentions: 0 };
}

/** Whether `day` lies in `range` (YYYY-MM-DD strings compare in calendar order). */
export function inRange(day: string, range: DayRange): boolean {
  return day >= range.start && day <= range.end;
}

/** Sums the rows selected by `keep` into a tally. */
export function tallyOf<R extends DayCounts>(rows: readonly R[], keep: (row: R) => boolean): Tally {
  const t = emptyTally();
  for (const r of rows) {
    if (!keep(r)) continue;
    t.snapshots += r.snapshots;
    t.mentioned += r.mentioned;
    t.cited += r.cited;
    t.competitorMentions += r.competitor_mentions;
  }
  return t;
}

/** Tallies per key (day or platform) of the rows in `range`. */
export function tallyBy<R extends DayCounts, K extends string>(
  rows: readonly R[],
  range: DayRange,
  keyOf: (row: R) => K,
): Map<K, Tally> {
  const out = new Map<K, Tally>();
  for (const r of rows) {
    if (!inRange(r.day, range)) continue;
    const t = getOrSet(out, keyOf(r), emptyTally);
    t.snapshots += r.snapshots;
    t.mentioned += r.mentioned;
    t.cited += r.cited;
    t.competitorMentions += r.competitor_mentions;
  }
  return out;
}

/** Each day's counts over all platforms, oldest first. */
export function dayTotalsOf(rows: readonly PlatformDayRow[]): DayCounts[] {
  const byDay = new Map<string, DayCounts>();
  for (const r of rows) {
    const d = getOrSet(byDay, r.day, () => ({
      day: r.day,
      snapshots: 0,
      mentioned: 0,
      cited: 0,
      competitor_mentions: 0,
    }));
    d.snapshots += r.snapshots;
    d.mentioned += r.mentioned;
    d.cited += r.cited;
    d.competitor_mentions += r.competitor_mentions;
  }
  return [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
}

/** Days of `range` with at least one snapshot: a comparison period's coverage. */
export function daysWithSnapshots(rows: readonly DayCounts[], range: DayRange): number {
  return new Set(rows.filter((r) => r.snapshots > 0 && inRange(r.day, range)).map((r) => r.day)).size;
}
