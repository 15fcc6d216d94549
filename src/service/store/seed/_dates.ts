/** Calendar helpers for the seed: pure functions of the as-of date, never the clock. */

const DAY_MS = 86_400_000;

/** Whether a string is a real YYYY-MM-DD date. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** `day` shifted by `delta` calendar days. */
export function addDays(day: string, delta: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + delta * DAY_MS).toISOString().slice(0, 10);
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
  const instant = new Date(`${day}T12:00:00Z`);
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(instant);
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"));
  const offset = Math.round((local - instant.getTime()) / 60_000);
  offsetCache.set(cacheKey, offset);
  return offset;
}

/** The UTC instant of local wall-clock `hour:minute` on `day` in `timeZone`. */
export function localTime(timeZone: string, day: string, hour: number, minute = 0): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + (hour * 60 + minute) * 60_000;
  return new Date(wall - utcOffsetMinutes(timeZone, day) * 60_000);
}
