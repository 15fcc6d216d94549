import type { Command } from "commander";
import {
  addDays,
  COMPARES,
  type Compare,
  dayIn,
  daysBetween,
  MAX_DAY,
  MAX_PERIOD_DAYS,
  MIN_DAY,
  NAMED_PERIODS,
  type NamedPeriod,
} from "../contract/index.js";
import type { PeriodChoice } from "../report/period-choice.js";
import { CliError, EXIT } from "./errors.js";
import { parseDay, parseRange } from "./flags.js";

/** The period flags of `generate` (docs/decisions.md#period). */
export interface PeriodFlags {
  range?: string;
  month?: string;
  period?: string;
  from?: string;
  to?: string;
  compare?: string;
}

/** Help texts of the period flags, shared by their commands. */
export const PERIOD_FLAG_HELP = {
  range: "rolling period ending today: 7d, 30d or 90d (default 30d)",
  month: "a calendar month YYYY-MM (file names carry it: …-2026-10.pdf)",
  period: `a named period: ${NAMED_PERIODS.join(", ")} (relative to today in the workspace timezone)`,
  from: "first day YYYY-MM-DD of a custom period (with --to; at most 366 days)",
  to: "last day YYYY-MM-DD of a custom period (with --from)",
  compare: `what the period is compared with: ${COMPARES.join(", ")} (default previous)`,
} as const;

/** Adds the period flags to a command (`generate`, `notes init`): one set of names and help texts. */
export function withPeriodFlags(command: Command): Command {
  return command
    .option("--range <range>", PERIOD_FLAG_HELP.range)
    .option("--month <YYYY-MM>", PERIOD_FLAG_HELP.month)
    .option("--period <name>", PERIOD_FLAG_HELP.period)
    .option("--from <date>", PERIOD_FLAG_HELP.from)
    .option("--to <date>", PERIOD_FLAG_HELP.to)
    .option("--compare <what>", PERIOD_FLAG_HELP.compare);
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** The months whose every day the service accepts: MAX_DAY is not the last day of its month. */
const FIRST_MONTH = MIN_DAY.slice(0, 7);
const LAST_MONTH = addDays(`${MAX_DAY.slice(0, 7)}-01`, -1).slice(0, 7);

/**
 * The period a report is asked for: exactly one of --range, --month, --period, --from (with
 * --to), else the default range; --compare with any of them. A conflict names both flags.
 */
export function parsePeriodFlags(flags: PeriodFlags): PeriodChoice {
  const given = (["range", "month", "period", "from"] as const).filter((f) => flags[f] !== undefined);
  if (given.length > 1)
    throw new CliError(`--${given[0]} and --${given[1]} cannot be used together: pick one`, EXIT.usage);
  if (flags.to !== undefined && flags.from === undefined)
    throw new CliError("--to needs --from: give both, or use --month or --period", EXIT.usage);
  const compare = flags.compare;
  if (compare !== undefined && !(COMPARES as readonly string[]).includes(compare))
    throw CliError.badFlag("--compare", compare, COMPARES.join(", "));
  const withCompare = compare !== undefined ? { compare: compare as Compare } : {};
  if (flags.month !== undefined) {
    if (!MONTH.test(flags.month) || flags.month < FIRST_MONTH || flags.month > LAST_MONTH)
      throw CliError.badFlag("--month", flags.month, `months YYYY-MM from ${FIRST_MONTH} to ${LAST_MONTH}`);
    return { month: flags.month, ...withCompare };
  }
  if (flags.period !== undefined) {
    if (!(NAMED_PERIODS as readonly string[]).includes(flags.period))
      // A month or a quarter by its dates has a flag of its own: said, since it is what was meant.
      throw CliError.badFlag(
        "--period",
        flags.period,
        `${NAMED_PERIODS.join(", ")} (a given month: --month 2026-10; given days: --from and --to)`,
      );
    return { named: flags.period as NamedPeriod, ...withCompare };
  }
  if (flags.from !== undefined) {
    const start = parseDay("--from", flags.from)!;
    if (flags.to === undefined)
      throw new CliError("--from needs --to: give the last day of the period too", EXIT.usage);
    const end = parseDay("--to", flags.to)!;
    if (start > end) throw new CliError(`--from ${start} is after --to ${end}`, EXIT.usage);
    const days = daysBetween(start, end) + 1;
    if (days > MAX_PERIOD_DAYS)
      throw new CliError(
        `--from ${start} --to ${end} is ${days} days: a custom period is at most ${MAX_PERIOD_DAYS} days`,
        EXIT.usage,
      );
    return { start, end, ...withCompare };
  }
  return { range: parseRange(flags.range), ...withCompare };
}

/** The zone whose day starts first: a month not over there is not over in any workspace's timezone. */
const EARLIEST_ZONE = "Pacific/Kiritimati";

/**
 * Refuses a period that is not over on the as-of day: `--month` of the current month or a later
 * one, `--to` after the as-of day. The service would answer 422, so it is a flag error, and
 * `--month`'s names `--period month-to-date` (docs/decisions.md#period). `asOf` is the embedded
 * service's day; a remote service's today is in its workspace's timezone, so a period is refused
 * only when it is not over anywhere yet, and the message names no day (the earliest zone's would
 * be no one's as-of day).
 */
export function checkPeriodOver(period: PeriodChoice, asOf?: string, now: Date = new Date()): void {
  const day = asOf ?? dayIn(EARLIEST_ZONE, now);
  const onDay = asOf !== undefined ? ` on the as-of day ${asOf}` : " yet";
  if ("start" in period && period.end !== undefined && period.end > day)
    throw new CliError(`--to ${period.end} is not over${onDay}: give a last day that has passed`, EXIT.usage);
  if (!("month" in period) || period.month === undefined) return;
  if (period.month < day.slice(0, 7)) return;
  const last = addDays(`${day.slice(0, 7)}-01`, -1).slice(0, 7);
  throw new CliError(
    `--month ${period.month} is not over${onDay}: use --period month-to-date for this month so far, or --month ${last} for the last whole month`,
    EXIT.usage,
  );
}
