import {
  type Compare,
  dayIn,
  kindOf,
  monthRange,
  type NamedPeriod,
  namedPeriod,
  type Range,
  type ReportPeriod,
} from "../contract/index.js";

/**
 * The period a report is asked for (docs/decisions.md#period): a rolling range, a calendar month,
 * a named period relative to the as-of day, or explicit dates; each optionally compared with the
 * previous period or the same dates a year earlier.
 */
export type PeriodChoice = (
  | { range: Range }
  | { month: string }
  | { named: NamedPeriod }
  | { start: string; end: string }
) & { compare?: Compare };

/** The API query of a choice: named periods resolve against today in the workspace timezone. */
export function periodQuery(
  choice: PeriodChoice | Range,
  timeZone: string,
  now: Date,
): { range?: Range; start?: string; end?: string; compare?: Compare } {
  if (typeof choice === "string") return { range: choice };
  const compare = choice.compare !== undefined ? { compare: choice.compare } : {};
  if ("range" in choice) return { range: choice.range, ...compare };
  if ("month" in choice) return { ...monthRange(choice.month), ...compare };
  if ("named" in choice) return { ...namedPeriod(choice.named, dayIn(timeZone, now)), ...compare };
  return { start: choice.start, end: choice.end, ...compare };
}

/**
 * The period part of a report's file name: `2026-10` for a month, `2026-Q3` for a quarter,
 * `2026-10-01_2026-10-12` otherwise, `-vs-year` when compared with a year earlier. Reports by
 * `range` keep their v1 names (the range, then the as-of day), so only custom periods use this.
 */
export function periodFileTag(p: ReportPeriod): string {
  const range = { start: p.start, end: p.end };
  const kind = kindOf(range);
  const base =
    kind === "month"
      ? p.start.slice(0, 7)
      : kind === "quarter"
        ? `${p.start.slice(0, 4)}-Q${(Number(p.start.slice(5, 7)) - 1) / 3 + 1}`
        : `${p.start}_${p.end}`;
  return p.compare === "year" ? `${base}-vs-year` : base;
}
