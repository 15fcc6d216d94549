/** Calendar arithmetic in a workspace timezone with Intl only (no tz database dependency). */

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Wall-clock time of `instant` in `timeZone`, expressed as if it were UTC (ms). */
function wallClockMs(timeZone: string, instant: number): number {
  const parts = formatter(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
}

/** The local calendar day (YYYY-MM-DD) of an instant in `timeZone`. */
export function localDay(timeZone: string, instant: Date): string {
  return new Date(wallClockMs(timeZone, instant.getTime())).toISOString().slice(0, 10);
}

/** `day` shifted by `delta` calendar days. */
export function addDays(day: string, delta: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + delta * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of a calendar day: 1 = Monday … 7 = Sunday. */
export function isoWeekday(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** The instant local wall-clock `hour:minute` on `day` happens in `timeZone` (DST-aware). */
export function zonedInstant(timeZone: string, day: string, hour = 0, minute = 0): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + (hour * 60 + minute) * 60_000;
  // Two passes: the offset at the first guess can differ from the offset at the answer near a DST switch.
  let t = wall - (wallClockMs(timeZone, wall) - wall);
  t = wall - (wallClockMs(timeZone, t) - t);
  return new Date(t);
}
