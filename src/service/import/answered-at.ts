/**
 * Reads an `answered_at` cell (docs/import.md, "Dates"): an ISO 8601 date-time with `Z` or an
 * offset is that instant; a date-time without one is wall-clock time in the workspace's time zone;
 * a date alone (`2025-03-01`) is a day in that zone, its answers told apart by their order in the file.
 */
import { zonedInstant } from "../content/_zoned-time.js";

/** An instant, or a day without a time. */
export type AnsweredAt = { kind: "instant"; at: Date } | { kind: "day"; day: string };

const PATTERN =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** The cell as an instant or a day in `timeZone`, or undefined when it is no such date. */
export function parseAnsweredAt(cell: string, timeZone: string): AnsweredAt | undefined {
  const m = PATTERN.exec(cell.trim());
  if (!m) return undefined;
  const [, day, hh, mm, ss, fraction, zone] = m as unknown as (string | undefined)[];
  if (!day || !isRealDay(day)) return undefined;
  if (hh === undefined || mm === undefined) return { kind: "day", day };
  const hour = Number(hh);
  const minute = Number(mm);
  const second = Number(ss ?? 0);
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const ms = Math.floor(Number(`0.${fraction ?? 0}`) * 1000);
  if (zone !== undefined) {
    const offset = zone.toUpperCase() === "Z" ? "Z" : normalizeOffset(zone);
    const at = new Date(
      `${day}T${hh}:${mm}:${String(second).padStart(2, "0")}.${String(ms).padStart(3, "0")}${offset}`,
    );
    return Number.isNaN(at.getTime()) ? undefined : { kind: "instant", at };
  }
  const at = zonedInstant(timeZone, day, hour, minute);
  return { kind: "instant", at: new Date(at.getTime() + second * 1000 + ms) };
}

/** The instant a date-only answer is stored at: noon of its day in `timeZone`, plus its order in seconds. */
export function dayInstant(timeZone: string, day: string, order: number): Date {
  return new Date(zonedInstant(timeZone, day, 12, 0).getTime() + (order - 1) * 1000);
}

/** `+01`, `+0100` and `+01:00` as `+01:00`. */
function normalizeOffset(zone: string): string {
  const digits = zone.slice(1).replace(":", "").padEnd(4, "0");
  return `${zone[0]}${digits.slice(0, 2)}:${digits.slice(2, 4)}`;
}

/** Whether `YYYY-MM-DD` is a day of the calendar (not 2025-02-30). */
function isRealDay(day: string): boolean {
  const t = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === day;
}
