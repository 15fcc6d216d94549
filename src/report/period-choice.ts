import {
  type Compare,
  type DayRange,
  kindOf,
  monthRange,
  type NamedPeriod,
  type Range,
} from "../contract/index.js";

/**
 * The period a report is asked for (docs/decisions.md#period): a rolling range, a calendar month,
 * a named period relative to the as-of day, or explicit dates; each optionally compared with the
 * previous period or the same dates a year earlier. A request, not yet a period: where it comes
 * in, `resolvePeriod` (report/period.ts) turns it into the one value everything below reads.
 */
export type PeriodChoice = (
  | { range: Range }
  | { month: string }
  | { named: NamedPeriod }
  | { start: string; end: string }
) & { compare?: Compare };

/**
 * The choice as it was asked for, in ids (a job's, a schedule's): `30d`, `last-month`, `2026-10`,
 * `2026-10-01_2026-10-12`, with `-vs-year` when compared with a year earlier.
 */
export function choiceKey(choice: PeriodChoice): string {
  const span =
    "range" in choice
      ? choice.range
      : "month" in choice
        ? choice.month
        : "named" in choice
          ? choice.named
          : `${choice.start}_${choice.end}`;
  return `${span}${choice.compare === "year" ? "-vs-year" : ""}`;
}

/**
 * The period part of a report's file name: `2026-10` for a month, `2026-Q3` for a quarter,
 * `2026-10-01_2026-10-12` otherwise, `-vs-year` when compared with a year earlier. Reports by
 * `range` keep their v1 names (the range, then the as-of day), so only other periods use this.
 */
export function periodFileTag(p: DayRange & { compare?: Compare }): string {
  const kind = kindOf(p);
  const base =
    kind === "month"
      ? p.start.slice(0, 7)
      : kind === "quarter"
        ? `${p.start.slice(0, 4)}-Q${(Number(p.start.slice(5, 7)) - 1) / 3 + 1}`
        : `${p.start}_${p.end}`;
  return p.compare === "year" ? `${base}-vs-year` : base;
}

/**
 * The last day of a month or quarter file tag (`2026-10`, `2026-Q4`, either `-vs-year`):
 * periodFileTag read back. Undefined for any other tag, which names its days itself.
 */
export function calendarTagEnd(tag: string): string | undefined {
  const base = tag.replace(/-vs-year$/, "");
  if (/^\d{4}-(0[1-9]|1[0-2])$/.test(base)) return monthRange(base).end;
  const quarter = /^(\d{4})-Q([1-4])$/.exec(base);
  return quarter
    ? monthRange(`${quarter[1]}-${String(Number(quarter[2]) * 3).padStart(2, "0")}`).end
    : undefined;
}
