import { addDays } from "./calendar.js";

/**
 * Calendar periods and their comparison periods (docs/decisions.md#period): pure arithmetic on
 * YYYY-MM-DD days, shared by the service (start/end/compare) and the CLI (--month, --period).
 */

/** A closed range of calendar days, YYYY-MM-DD. */
export interface DayRange {
  start: string;
  end: string;
}

/** How a period compares: with the period before it, or with the same dates a year earlier. */
export const COMPARES = ["previous", "year"] as const;
export type Compare = (typeof COMPARES)[number];

/** What a period is, for its comparison rule and its label. */
export type PeriodKind = "month" | "quarter" | "month_to_date" | "days";

/** Named periods of the CLI's `--period`, relative to the as-of day. */
export const NAMED_PERIODS = ["last-month", "last-quarter", "month-to-date"] as const;
export type NamedPeriod = (typeof NAMED_PERIODS)[number];

/** Longest custom period in days (a leap year). */
export const MAX_PERIOD_DAYS = 366;

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Number of days of a closed range. */
export function lengthOf(r: DayRange): number {
  return daysBetween(r.start, r.end) + 1;
}

/** Days in a month (month 1–12). */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function parts(day: string): [number, number, number] {
  return [Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))];
}

function ymd(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Year and month `delta` months after (year, month). */
function shiftMonth(year: number, month: number, delta: number): [number, number] {
  const i = year * 12 + (month - 1) + delta;
  return [Math.floor(i / 12), (i % 12) + 1];
}

/** The whole calendar month `YYYY-MM`. */
export function monthRange(month: string): DayRange {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return { start: ymd(y, m, 1), end: ymd(y, m, daysInMonth(y, m)) };
}

/** The same date one year earlier; 29 February becomes 28 February. */
export function yearEarlier(day: string): string {
  const [y, m, d] = parts(day);
  return ymd(y - 1, m, Math.min(d, daysInMonth(y - 1, m)));
}

/** Whether a range is one whole calendar month, a whole quarter, the 1st to day d of a month, or other. */
export function kindOf(r: DayRange): PeriodKind {
  const [sy, sm, sd] = parts(r.start);
  const [ey, em, ed] = parts(r.end);
  if (sd !== 1 || r.end < r.start) return "days";
  if (sy === ey && sm === em) return ed === daysInMonth(ey, em) ? "month" : "month_to_date";
  const [qy, qm] = shiftMonth(sy, sm, 2);
  if ((sm - 1) % 3 === 0 && qy === ey && qm === em && ed === daysInMonth(ey, em)) return "quarter";
  return "days";
}

/**
 * The comparison period (docs/decisions.md#period). `previous`: a whole month → the previous
 * month, a whole quarter → the previous quarter, 1st to day d → 1st to day d of the previous month
 * (clipped to its length), anything else → the same number of days right before. `year`: the same
 * dates a year earlier.
 */
export function comparisonOf(r: DayRange, compare: Compare): DayRange {
  if (compare === "year") return { start: yearEarlier(r.start), end: yearEarlier(r.end) };
  const [sy, sm] = parts(r.start);
  const kind = kindOf(r);
  if (kind === "month" || kind === "quarter" || kind === "month_to_date") {
    const [py, pm] = shiftMonth(sy, sm, kind === "quarter" ? -3 : -1);
    const start = ymd(py, pm, 1);
    if (kind === "month") return monthRange(start.slice(0, 7));
    if (kind === "quarter")
      return { start, end: monthRange(ymd(...shiftMonth(py, pm, 2), 1).slice(0, 7)).end };
    return { start, end: ymd(py, pm, Math.min(parts(r.end)[2], daysInMonth(py, pm))) };
  }
  const n = lengthOf(r);
  return { start: addDays(r.start, -n), end: addDays(r.start, -1) };
}

/**
 * The days of a rolling range of `days` days ending with the as-of day, and its comparison: a
 * range's previous period stays the N days right before, even when its days happen to form a
 * calendar month (`range` behaves exactly as v1 defines it); `year` is the same dates a year earlier.
 */
export function rollingPeriod(
  days: number,
  compare: Compare,
  asOf: string,
): { current: DayRange; previous: DayRange } {
  const current = { start: addDays(asOf, -(days - 1)), end: asOf };
  const previous =
    compare === "year"
      ? comparisonOf(current, compare)
      : { start: addDays(current.start, -days), end: addDays(current.start, -1) };
  return { current, previous };
}

/** The named period as of a day: the last whole month or quarter before it, or its month so far. */
export function namedPeriod(name: NamedPeriod, asOf: string): DayRange {
  const [y, m] = parts(asOf);
  if (name === "month-to-date") return { start: ymd(y, m, 1), end: asOf };
  if (name === "last-month") return monthRange(ymd(...shiftMonth(y, m, -1), 1).slice(0, 7));
  const firstOfQuarter = m - ((m - 1) % 3);
  const [py, pm] = shiftMonth(y, firstOfQuarter, -3);
  return { start: ymd(py, pm, 1), end: monthRange(ymd(...shiftMonth(py, pm, 2), 1).slice(0, 7)).end };
}

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

function dayLabel(day: string, withYear: boolean): string {
  const [y, m, d] = parts(day);
  return `${d} ${MONTH_NAMES[m - 1]}${withYear ? ` ${y}` : ""}`;
}

/**
 * A period as a report names it: "October 2025", "Q3 2025", "1–15 October 2025",
 * "3 September – 2 October 2025", "20 December 2025 – 5 January 2026".
 */
export function periodLabel(r: DayRange): string {
  const [sy, sm, sd] = parts(r.start);
  const [ey, em, ed] = parts(r.end);
  const kind = kindOf(r);
  if (kind === "month") return `${MONTH_NAMES[sm - 1]} ${sy}`;
  if (kind === "quarter") return `Q${(sm - 1) / 3 + 1} ${sy}`;
  if (r.start === r.end) return dayLabel(r.start, true);
  if (sy === ey && sm === em) return `${sd}–${ed} ${MONTH_NAMES[em - 1]} ${ey}`;
  return `${dayLabel(r.start, sy !== ey)} – ${dayLabel(r.end, true)}`;
}
