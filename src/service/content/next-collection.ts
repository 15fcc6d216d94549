import { addDays, isoWeekday } from "../../contract/calendar.js";
import { localDay, zonedInstant } from "./_zoned-time.js";

export interface Schedule {
  /** ISO weekdays, 1 = Monday … 7 = Sunday (the project's reading of the spec's "days"). */
  days: readonly number[];
  /** Local hour of the day, 0–23, in the workspace timezone. */
  hour: number;
}

/**
 * The first collection strictly after `now`: the next day whose ISO weekday is in `days` at
 * `hour:00` local time. A schedule without valid days collects every day (the service default).
 */
export function nextCollectionAt(schedule: Schedule, timeZone: string, now: Date): Date {
  const valid = schedule.days.filter((d) => Number.isInteger(d) && d >= 1 && d <= 7);
  const days = valid.length > 0 ? valid : [1, 2, 3, 4, 5, 6, 7];
  const hour = Math.min(23, Math.max(0, Math.trunc(schedule.hour)));
  const today = localDay(timeZone, now);
  // Eight days always contain the next allowed weekday after today's slot has passed.
  for (let i = 0; i <= 8; i++) {
    const day = addDays(today, i);
    if (!days.includes(isoWeekday(day))) continue;
    const at = zonedInstant(timeZone, day, hour);
    if (at.getTime() > now.getTime()) return at;
  }
  return zonedInstant(timeZone, addDays(today, 1), hour);
}
