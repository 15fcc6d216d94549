import { addDays, wallClockMs } from "../contract/calendar.js";

/** A client's monthly delivery slot (config `schedule`, docs/jobs.md "Per-client delivery"). */
export interface DeliverySlot {
  /** Day of the month, 1–28 (every month has it). */
  day: number;
  /** Local hour, 0–23, in the client's timezone. */
  hour: number;
}

/**
 * The instant the wall clock of `timeZone` reads `hour:00` on `day` (YYYY-MM-DD). The offset is
 * read at the guess and read again at the corrected guess, so a DST switch between them is taken.
 */
export function wallClockInstant(timeZone: string, day: string, hour: number): number {
  const wanted = Date.parse(`${day}T00:00:00Z`) + hour * 3_600_000;
  let guess = wanted;
  for (let pass = 0; pass < 2; pass++) guess = wanted - (wallClockMs(timeZone, guess) - guess);
  return guess;
}

/** When a client's report of the month before `month` (YYYY-MM) is sent: its slot in `month`. */
export function clientDeliveryAt(month: string, slot: DeliverySlot, timeZone: string): number {
  const day = `${month}-${String(slot.day).padStart(2, "0")}`;
  return wallClockInstant(timeZone, day, slot.hour);
}

/** The calendar month before `month` (YYYY-MM): the month a cycle firing in `month` reports. */
export function monthBefore(month: string): string {
  return addDays(`${month}-01`, -1).slice(0, 7);
}
