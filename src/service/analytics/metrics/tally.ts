import type { Platform } from "../../../contract/index.js";
import { getOrSet } from "../_map.js";
import type { DayRange } from "../period.js";

/** Snapshots of one project/day/platform (agg_platform_day). */
export interface PlatformDayRow {
  day: string;
  platform: Platform;
  snapshots: number;
  mentioned: number;
  cited: number;
  /** Σ over tracked competitors of the snapshots mentioning each. */
  competitor_mentions: number;
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
export function emptyTally(): Tally {
  return { snapshots: 0, mentioned: 0, cited: 0, competitorMentions: 0 };
}

/** Whether `day` lies in `range` (YYYY-MM-DD strings compare in calendar order). */
export function inRange(day: string, range: DayRange): boolean {
  return day >= range.start && day <= range.end;
}

/** Sums the rows selected by `keep` into a tally. */
export function tallyOf(rows: DailyRows, keep: (day: string, platform: Platform) => boolean): Tally {
  const t = emptyTally();
  for (const r of rows.platforms) {
    if (!keep(r.day, r.platform)) continue;
    t.snapshots += r.snapshots;
    t.mentioned += r.mentioned;
    t.cited += r.cited;
    t.competitorMentions += r.competitor_mentions;
  }
  return t;
}

/** Tallies per key (day or platform) of the rows in `range`. */
export function tallyBy<K extends string>(
  rows: DailyRows,
  range: DayRange,
  keyOf: (day: string, platform: Platform) => K,
): Map<K, Tally> {
  const out = new Map<K, Tally>();
  const get = (k: K): Tally => {
    return getOrSet(out, k, emptyTally);
  };
  for (const r of rows.platforms) {
    if (!inRange(r.day, range)) continue;
    const t = get(keyOf(r.day, r.platform));
    t.snapshots += r.snapshots;
    t.mentioned += r.mentioned;
    t.cited += r.cited;
    t.competitorMentions += r.competitor_mentions;
  }
  return out;
}

/** Days of `range` with at least one snapshot: a comparison period's coverage. */
export function daysWithSnapshots(rows: DailyRows, range: DayRange): number {
  return new Set(rows.platforms.filter((r) => r.snapshots > 0 && inRange(r.day, range)).map((r) => r.day))
    .size;
}
