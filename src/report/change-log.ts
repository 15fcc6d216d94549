import type { ChangeEntry, ChangeLog } from "../config/changes-file.js";
import { addDays, type ReportPeriod, type ReportSectionOf, type TrendDay } from "../contract/index.js";

/** Days on each side of an entry the rates are compared over (docs/changes.md). */
export const WINDOW_DAYS = 14;

/** The mention rate over the days of one window that the report covers. */
export interface WindowRate {
  /** Days of the window inside the report's periods (current or comparison): at most 14. */
  days: number;
  /** Answers on those days. */
  answers: number;
  /** Mentions / answers; null without answers (no data, never 0). */
  mentionRate: number | null;
}

/** One entry of the change log with the mention rate in its scope before and after it. */
export interface ChangeImpact {
  entry: ChangeEntry;
  /**
   * The 14 days before (the entry's day not included) and from the entry's day on, in the entry's
   * scope: every platform, its platform's days or its category's days (the trend's `by_platform`
   * and `by_category`, docs/api.md).
   */
  before: WindowRate;
  after: WindowRate;
  /** after − before, only when both windows have all 14 days and answers; else null. */
  change: number | null;
}

/** The change log as the report shows it. */
export interface ChangeLogModel {
  file: string;
  /** The entries inside the report's period, by date (file order within a day). */
  impacts: ChangeImpact[];
  /**
   * Every entry dated on or before the period's last day, by date: the work done by the end of the
   * period, which no suggested action repeats, however long before the period it went live
   * (docs/claims.md, "Work already done"). Those before the period have windows only where the
   * report covers their days.
   */
  done: ChangeImpact[];
  /** Entries outside the period: not shown, named in a warning. */
  skipped: ChangeEntry[];
}

type Period = Pick<ReportPeriod, "start" | "end" | "previous_start" | "previous_end">;

/**
 * The daily counts of the days just before the report's period that its comparison period does
 * not hold (a period compared with a year earlier): fetched with the report, so an entry of the
 * period's first two weeks has its whole 14 days before (docs/changes.md).
 */
export interface LeadIn {
  start: string;
  end: string;
  /** Its own report's trend: the lead-in's days are its current rows. */
  trend: Trend;
}

/**
 * The days before `period` an entry of its first two weeks needs and its comparison period does
 * not hold, or null: none missing, or a period shorter than a window, whose entries' days after
 * are never whole anyway.
 */
export function leadInDays(period: Period): { start: string; end: string } | null {
  if (addDays(period.start, WINDOW_DAYS - 1) > period.end) return null;
  const start = addDays(period.start, -WINDOW_DAYS);
  const end = addDays(period.start, -1);
  // The comparison period holds the days up to the period's start (the period before): only
  // those before it are missing.
  const adjacent = period.previous_end === end;
  const missingEnd = adjacent ? addDays(period.previous_start, -1) : end;
  return missingEnd < start ? null : { start, end: missingEnd };
}

/** True when the report covers `day` (its current or its comparison period, or its lead-in). */
function covered(day: string, p: Period, leadIn: LeadIn | undefined): boolean {
  return (
    (day >= p.start && day <= p.end) ||
    (day >= p.previous_start && day <= p.previous_end) ||
    (leadIn !== undefined && day >= leadIn.start && day <= leadIn.end)
  );
}

/** The mention rate over the covered days from `first` on, `WINDOW_DAYS` of them at most. */
function windowRate(
  first: string,
  p: Period,
  leadIn: LeadIn | undefined,
  byDay: ReadonlyMap<string, TrendDay>,
): WindowRate {
  let days = 0;
  let answers = 0;
  let mentioned = 0;
  for (let i = 0; i < WINDOW_DAYS; i++) {
    const day = addDays(first, i);
    if (!covered(day, p, leadIn)) continue;
    days++;
    const row = byDay.get(day);
    answers += row?.snapshots ?? 0;
    mentioned += row?.mentioned ?? 0;
  }
  return { days, answers, mentionRate: answers === 0 ? null : mentioned / answers };
}

type Trend = Pick<ReportSectionOf<"trend">, "rows" | "previous_rows" | "by_platform" | "by_category">;
type Days = { rows: readonly TrendDay[]; previous_rows: readonly TrendDay[] };
const NO_DAYS: Days = { rows: [], previous_rows: [] };

/**
 * The days of an entry's scope: its platform's, its category's (by name, case-insensitive, as the
 * change log names it), or every platform's. A platform or category without answers has no days.
 */
function daysOf(entry: ChangeEntry, trend: Trend): Days {
  if (entry.platform !== undefined)
    return trend.by_platform.find((p) => p.platform === entry.platform) ?? NO_DAYS;
  const category = entry.category?.toLowerCase();
  if (category !== undefined)
    return trend.by_category.find((c) => c.name.toLowerCase() === category) ?? NO_DAYS;
  return trend;
}

/**
 * The change log against the report: entries outside the period are not shown (the ones before
 * it still count as work done); each entry gets the mention rate over the 14 days before it and
 * the 14 days from it on, from the daily counts of both periods in its scope (summed counts,
 * never averaged rates).
 */
export function changeLog(log: ChangeLog, period: Period, trend: Trend, leadIn?: LeadIn): ChangeLogModel {
  const inside = (e: ChangeEntry) => e.date >= period.start && e.date <= period.end;
  const impactOf = (entry: ChangeEntry): ChangeImpact => {
    const days = daysOf(entry, trend);
    // The lead-in's days in the entry's scope (its own report's current rows).
    const lead = leadIn ? daysOf(entry, leadIn.trend).rows : [];
    const byDay = new Map([...lead, ...days.previous_rows, ...days.rows].map((d) => [d.date, d]));
    const before = windowRate(addDays(entry.date, -WINDOW_DAYS), period, leadIn, byDay);
    const after = windowRate(entry.date, period, leadIn, byDay);
    const whole = before.days === WINDOW_DAYS && after.days === WINDOW_DAYS;
    const change =
      whole && before.mentionRate !== null && after.mentionRate !== null
        ? after.mentionRate - before.mentionRate
        : null;
    return { entry, before, after, change };
  };
  const done = log.entries
    .filter((e) => e.date <= period.end)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.line - b.line))
    .map(impactOf);
  return {
    file: log.file,
    impacts: done.filter((i) => inside(i.entry)),
    done,
    skipped: log.entries.filter((e) => !inside(e)),
  };
}

/** The one warning line naming the entries outside the period, or null when none is. */
export function skippedWarning(model: ChangeLogModel, period: Period): string | null {
  if (model.skipped.length === 0) return null;
  const names = model.skipped.map((e) => `line ${e.line} (${e.date} ${JSON.stringify(e.label)})`).join(", ");
  const n = model.skipped.length;
  return `warning: changes file ${model.file}: ${n} ${n === 1 ? "entry" : "entries"} outside the report's period ${period.start} to ${period.end} skipped: ${names}`;
}
