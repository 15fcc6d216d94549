import { addDays, dayIn } from "../../contract/calendar.js";
import {
  type Compare,
  comparisonOf,
  type DayRange,
  daysBetween,
  kindOf,
  lengthOf,
  MAX_PERIOD_DAYS,
  type PeriodKind,
  periodLabel,
  rollingPeriod,
} from "../../contract/calendar-periods.js";
import {
  DEFAULT_RANGE,
  type Range,
  type RangeEcho,
  type ReportPeriod,
  VreportError,
} from "../../contract/index.js";

export type { DayRange };

/** The reporting period of a request (docs/decisions.md#period). */
export interface Period {
  /** The `range` echoed in responses: `custom` for a start/end period. */
  range: RangeEcho;
  /** Days of the current period. */
  days: number;
  timezone: string;
  /** Today in the workspace timezone at `now`: the last day a period may end on. */
  asOf: string;
  current: DayRange;
  previous: DayRange;
  compare: Compare;
  kind: PeriodKind;
  /**
   * Whether the request used the period extension (start/end or compare): only then does a
   * comparison period without data give null previous values (docs/api.md, Extensions to v1);
   * plain `range` requests keep v1's zero-without-data rule.
   */
  extended: boolean;
}

/** The period parameters of a query (docs/api.md, Extensions to v1). */
export interface PeriodQuery {
  range?: Range | undefined;
  start?: string | undefined;
  end?: string | undefined;
  compare?: Compare | undefined;
}

/** A period parameter that is well-formed alone but wrong with the others or the as-of day (a 422). */
export class PeriodParamError extends VreportError {
  constructor(
    readonly param: "start" | "end" | "range",
    message: string,
  ) {
    super(message);
  }
}

/** Re-exported: the period rules are stated in these calendar helpers. */
export { addDays, dayIn, daysBetween };

/** Number of days of a range value (`7d` → 7). */
function rangeDays(range: Range): number {
  return Number.parseInt(range, 10);
}

/** The period rule of `range`: current = the N days ending with the as-of day, previous = the N days before. */
export function periodFor(range: Range, timeZone: string, now: Date): Period {
  return resolvePeriod({ range }, timeZone, now);
}

/**
 * The period of a query: `start`/`end` (inclusive days, at most 366, not after the as-of day) or
 * `range`; compared by `compare` (default `previous`). Throws PeriodParamError naming the parameter.
 */
export function resolvePeriod(q: PeriodQuery, timeZone: string, now: Date): Period {
  const asOf = dayIn(timeZone, now);
  const compare = q.compare ?? "previous";
  const custom = q.start !== undefined || q.end !== undefined;
  let days: { current: DayRange; previous: DayRange };
  if (custom) {
    if (q.start === undefined) throw new PeriodParamError("start", "is required with end");
    if (q.end === undefined) throw new PeriodParamError("end", "is required with start");
    if (q.start > q.end) throw new PeriodParamError("start", "must not be after end");
    if (q.end > asOf) throw new PeriodParamError("end", `must not be after the as-of day ${asOf}`);
    const current = { start: q.start, end: q.end };
    if (lengthOf(current) > MAX_PERIOD_DAYS)
      throw new PeriodParamError("end", `must be at most ${MAX_PERIOD_DAYS} days after start, counting both`);
    days = { current, previous: comparisonOf(current, compare) };
  } else days = rollingPeriod(rangeDays(q.range ?? DEFAULT_RANGE), compare, asOf);
  const { current, previous } = days;
  return {
    range: custom ? "custom" : (q.range ?? DEFAULT_RANGE),
    days: lengthOf(current),
    timezone: timeZone,
    asOf,
    current,
    previous,
    compare,
    kind: custom ? kindOf(current) : "days",
    extended: custom || q.compare !== undefined,
  };
}

/**
 * Whether comparisons are withheld: a period-extension request whose comparison period has no
 * snapshots gets null previous values and deltas, never a change from zero (docs/api.md).
 */
export function noComparison(period: Period, previousSnapshots: number): boolean {
  return period.extended && previousSnapshots === 0;
}

/** The period as the report states it (`FullReport.period`). */
export function reportPeriod(period: Period, previousDaysWithData: number): ReportPeriod {
  return {
    as_of: period.asOf,
    timezone: period.timezone,
    start: period.current.start,
    end: period.current.end,
    previous_start: period.previous.start,
    previous_end: period.previous.end,
    compare: period.compare,
    label: periodLabel(period.current),
    previous_label: periodLabel(period.previous),
    previous_days: lengthOf(period.previous),
    previous_days_with_data: previousDaysWithData,
  };
}
