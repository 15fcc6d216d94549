/** Calendar helpers for the seed: pure functions of the as-of date, never the clock. */

import { addDays, wallClockMs } from "../../../contract/calendar.js";
import { lengthOf } from "../../../contract/calendar-periods.js";

/** Whether a string is a real YYYY-MM-DD date. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Calendar months of data the demo holds before the as-of day's month (docs/demo-data.md). */
export const DEMO_MONTHS = 13;

/**
 * Default number of seeded days: from the 1st of the month DEMO_MONTHS before the as-of day's
 * month through the as-of day, so the last whole month can be compared with the same month a year
 * earlier (`--month … --compare year`) whatever the as-of day.
 */
export function demoDays(asOf: string): number {
  const [year, month] = asOf.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 - DEMO_MONTHS, 1)).toISOString().slice(0, 10);
  return lengthOf({ start: first, end: asOf });
}

/** The `count` days ending with `asOf`, oldest first. */
export function dayRange(asOf: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(asOf, i - count + 1));
}

const offsetCache = new Map<string, number>();

/** Minutes to add to UTC to get local time in `timeZone` on `day` (taken at noon UTC; DST switches happen at night). */
export function utcOffsetMinutes(timeZone: string, day: string): number {
  const cacheKey = `${timeZone}|${day}`;
  const cached = offsetCache.get(cacheKey);
  if (cached !== undefined) return cached;
  const noon = Date.parse(`${day}T12:00:00Z`);
  const offset = Math.round((wallClockMs(timeZone, noon) - noon) / 60_000);
  offsetCache.set(cacheKey, offset);
  return offset;
}

/** The UTC instant of local wall-clock `hour:minute` on `day` in `timeZone`. */
export function localTime(timeZone: string, day: string, hour: number, minute = 0): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + (hour * 60 + minute) * 60_000;
  return new Date(wall - utcOffsetMinutes(timeZone, day) * 60_000);
}
