/** Calendar days and wall-clock time in a timezone, with Intl only (no tz database dependency). */

/** True for an IANA timezone this runtime knows (`Europe/Paris`), false for `Mars/Olympus`. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) of an instant in a timezone: how every "as-of day" is computed. */
export function dayIn(timeZone: string, at: Date = new Date()): string {
  // Every request asks for today's day; within one second the answer cannot change (tz offsets
  // have whole seconds at most), and formatting costs more than the rest of a cached answer's key.
  const second = Math.floor(at.getTime() / 1000);
  const last = lastDays.get(timeZone);
  if (last?.second === second) return last.day;
  let f = dayFormatters.get(timeZone);
  if (!f) {
    // en-CA formats as YYYY-MM-DD.
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormatters.set(timeZone, f);
  }
  const day = f.format(at);
  lastDays.set(timeZone, { second, day });
  return day;
}

/** The last day computed per timezone and the second it was for. */
const lastDays = new Map<string, { second: number; day: string }>();

/** One day formatter per timezone: building one costs ~100× using it (an import calls this per row). */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

const DAY_MS = 86_400_000;

/**
 * The first and last day a request or a flag may name (docs/decisions.md#dates). PostgreSQL has
 * no year 0 and a YYYY-MM-DD day has four digits: a comparison period a year or a quarter before
 * the first day, and the day after the last one (an end's exclusive bound), must both stay dates.
 */
export const MIN_DAY = "2000-01-01";
export const MAX_DAY = "9999-12-30";
/** The bounds as messages state them. */
export const DAY_BOUNDS = `from ${MIN_DAY} to ${MAX_DAY}`;

/** Whether a well-formed day (YYYY-MM-DD) lies within MIN_DAY..MAX_DAY. */
export function dayInBounds(day: string): boolean {
  return day >= MIN_DAY && day <= MAX_DAY;
}

/** `day` (YYYY-MM-DD) shifted by `delta` calendar days: pure date arithmetic, no timezone. */
export function addDays(day: string, delta: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + delta * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of a calendar day (YYYY-MM-DD): 1 = Monday … 7 = Sunday. */
export function isoWeekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per timezone: building an Intl.DateTimeFormat costs far more than using it. */
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

/** Wall-clock time of `instant` (ms) in `timeZone`, expressed as if it were UTC (ms). */
export function wallClockMs(timeZone: string, instant: number): number {
  const parts = formatter(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
}
