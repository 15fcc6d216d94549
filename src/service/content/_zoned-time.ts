/** Calendar arithmetic in a workspace timezone (the Intl wall clock; no tz database dependency). */
import { wallClockMs } from "../../contract/calendar.js";

/** The local calendar day (YYYY-MM-DD) of an instant in `timeZone`. */
export function localDay(timeZone: string, instant: Date): string {
  return new Date(wallClockMs(timeZone, instant.getTime())).toISOString().slice(0, 10);
}

/** The instant local wall-clock `hour:minute` on `day` happens in `timeZone` (DST-aware). */
export function zonedInstant(timeZone: string, day: string, hour = 0, minute = 0): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + (hour * 60 + minute) * 60_000;
  // Two passes: the offset at the first guess can differ from the offset at the answer near a DST switch.
  let t = wall - (wallClockMs(timeZone, wall) - wall);
  t = wall - (wallClockMs(timeZone, t) - t);
  return new Date(t);
}
