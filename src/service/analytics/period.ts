import { addDays, dayIn } from "../../contract/calendar.js";
import type { Range, ReportPeriod } from "../../contract/index.js";

/** A closed range of calendar days, YYYY-MM-DD, in the workspace timezone. */
export interface DayRange {
  start: string;
  end: string;
}

/** The reporting period of a request (docs/decisions.md#period). */
export interface Period {
  range: Range;
  /** N of `Nd`. */
  days: number;
  timezone: string;
  /** Today in the workspace timezone at `now`: the last day of the current period. */
  asOf: string;
  current: DayRange;
  previous: DayRange;
}

const DAY_MS = 86_400_000;

/** Re-exported: the period rules are stated in these two calendar helpers. */
export { addDays, dayIn };

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Number of days of a range value (`7d` → 7). */
export function rangeDays(range: Range): number {
  return Number.parseInt(range, 10);
}

/** The period rule: current = the N days ending with the as-of day, previous = the N days before. */
export function periodFor(range: Range, timeZone: string, now: Date): Period {
  const days = rangeDays(range);
  const asOf = dayIn(timeZone, now);
  const start = addDays(asOf, -(days - 1));
  return {
    range,
    days,
    timezone: timeZone,
    asOf,
    current: { start, end: asOf },
    previous: { start: addDays(start, -days), end: addDays(start, -1) },
  };
}

/** The period as the report states it (`FullReport.period`). */
export function reportPeriod(period: Period): ReportPeriod {
  return {
    as_of: period.asOf,
    timezone: period.timezone,
    start: period.current.start,
    end: period.current.end,
    previous_start: period.previous.start,
    previous_end: period.previous.end,
  };
}
