import { addDays, type TrendDay } from "../contract/index.js";

/** One point of the trend chart: a day, or a week of days, and its rates (null: no answers). */
export interface TrendPoint {
  /** First and last day the point covers. */
  start: string;
  end: string;
  snapshots: number;
  mention_rate: number | null;
  citation_rate: number | null;
  share_of_voice: number | null;
}

/** Periods longer than this are plotted by week; shorter ones by day (docs/metrics.md, Trend). */
export const DAILY_UP_TO_DAYS = 14;

/** Days a point covers for a period of `days` days. */
export function pointDays(days: number): 1 | 7 {
  return days > DAILY_UP_TO_DAYS ? 7 : 1;
}

/** A first week shorter than this joins the week after it (docs/metrics.md, Trend). */
const MIN_FIRST_DAYS = 3;

/**
 * The chart's points over `period` from its days: blocks of `step` days counted back from the
 * period's last day (so the latest point is a whole week; the first may be shorter, and one of a
 * day or two, a weekend say, joins the week after it rather than stand as a point of its own),
 * each rate taken over the block's summed counts, never as an average of daily rates, so a week's
 * value is recomputable from the JSON. A block without answers is null: a gap in the line, never
 * a zero.
 */
export function trendPoints(
  days: readonly TrendDay[],
  period: { start: string; end: string },
  step: 1 | 7,
): TrendPoint[] {
  const points: TrendPoint[] = [];
  for (let end = period.end; end >= period.start; end = addDays(end, -step)) {
    const first = addDays(end, -(step - 1));
    // What is left before this block is too short to be a point: this block takes it in.
    const stub = step > 1 && first > period.start && first <= addDays(period.start, MIN_FIRST_DAYS - 1);
    const start = first < period.start || stub ? period.start : first;
    let snapshots = 0;
    let mentioned = 0;
    let cited = 0;
    let competitors = 0;
    for (const d of days) {
      if (d.date < start || d.date > end) continue;
      snapshots += d.snapshots;
      mentioned += d.mentioned;
      cited += d.cited;
      competitors += d.competitor_mentions;
    }
    const brands = mentioned + competitors;
    points.push({
      start,
      end,
      snapshots,
      mention_rate: snapshots === 0 ? null : mentioned / snapshots,
      citation_rate: snapshots === 0 ? null : cited / snapshots,
      // No brand named at all: the brand's share of no mentions is 0, as the service counts it.
      share_of_voice: snapshots === 0 ? null : brands === 0 ? 0 : mentioned / brands,
    });
    if (start === period.start) break;
  }
  return points.reverse();
}
