import { MissingScopeError, type VreportClient } from "../client/index.js";
import { rollingPeriod } from "../contract/calendar-periods.js";
import {
  type Compare,
  comparisonOf,
  type DayRange,
  dayIn,
  monthRange,
  namedPeriod,
  type Range,
} from "../contract/index.js";
import { type PeriodChoice, periodFileTag } from "./period-choice.js";

/**
 * A report's period, resolved once where the request comes in (flags, a job, a schedule's firing,
 * a tool call, the desk) from the choice and the workspace's as-of day: everything below reads
 * this value, and nothing switches again on how the period was asked for
 * (docs/architecture.md, "The period value").
 */
export interface Period {
  /** The report's days, inclusive, in `timezone`. */
  current: DayRange;
  /** The days it is compared with. */
  previous: DayRange;
  compare: Compare;
  /** The period's name in file names and notes paths: `90d-2026-11-01`, `2026-10`, `2026-Q3`, … */
  label: string;
  /** The workspace's timezone, whose days these are. */
  timezone: string;
  /** The day the period was resolved on: its last possible day. */
  asOf: string;
  /**
   * A rolling range is asked for by its name (v1's `range`), so the service ends it on its own
   * as-of day and the report keeps v1's names; every other period by its days.
   */
  rolling?: Range;
}

/** The period of a choice as of a day in a timezone (pure). */
export function periodAsOf(choice: PeriodChoice, at: { timezone: string; asOf: string }): Period {
  const compare = choice.compare ?? "previous";
  const versus = compare === "year" ? "-vs-year" : "";
  if ("range" in choice) {
    const days = rollingPeriod(Number.parseInt(choice.range, 10), compare, at.asOf);
    return { ...days, compare, label: `${choice.range}-${at.asOf}${versus}`, ...at, rolling: choice.range };
  }
  const current =
    "month" in choice
      ? monthRange(choice.month)
      : "named" in choice
        ? namedPeriod(choice.named, at.asOf)
        : { start: choice.start, end: choice.end };
  return {
    current,
    previous: comparisonOf(current, compare),
    compare,
    label: periodFileTag({ ...current, compare }),
    ...at,
  };
}

/**
 * A rolling range ends on the service's own as-of day (v1's `range`): once the service has
 * answered, the period takes that day, which a service with its clock pinned (`serve --as-of`)
 * or across midnight may set differently from the day it was resolved on. Others are unchanged.
 */
export function onServiceDay(p: Period, asOf: string): Period {
  if (p.rolling === undefined || p.asOf === asOf) return p;
  return periodAsOf({ range: p.rolling, compare: p.compare }, { timezone: p.timezone, asOf });
}

/** The period parameters of the API's queries for a period. */
export function periodQuery(p: Period): { range?: Range; start?: string; end?: string; compare?: Compare } {
  const compare = p.compare === "previous" ? {} : { compare: p.compare };
  return p.rolling !== undefined ? { range: p.rolling, ...compare } : { ...p.current, ...compare };
}

/** What resolving a period reads besides the choice. */
export interface ResolveOptions {
  /** The service's as-of day when the caller knows it (the embedded demo's `--as-of`). */
  asOf?: string;
  clock?: () => Date;
}

/**
 * Resolves a choice against the service: its days are the workspace's, ending today there (or
 * on the given as-of day). A key without the workspace scope dates a rolling range or fixed days
 * in UTC; a named period (last month…) needs the workspace's timezone, so it fails without it.
 */
export async function resolvePeriod(
  client: VreportClient,
  choice: PeriodChoice,
  options: ResolveOptions = {},
): Promise<Period> {
  const timezone = await client.getWorkspace().then(
    (w) => w.timezone,
    (err: unknown) => {
      if (err instanceof MissingScopeError && !("named" in choice)) return "UTC";
      throw err;
    },
  );
  const asOf = options.asOf ?? dayIn(timezone, (options.clock ?? (() => new Date()))());
  return periodAsOf(choice, { timezone, asOf });
}
