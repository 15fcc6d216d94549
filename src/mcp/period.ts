import { z } from "zod";
import { CompareParam, dayInBounds, monthRange, NAMED_PERIODS, PARAMS, Range } from "../contract/index.js";
import { type Period, resolvePeriod } from "../report/period.js";
import type { PeriodChoice } from "../report/period-choice.js";
import { ToolInputError } from "./errors.js";
import type { ToolContext } from "./tool.js";

/**
 * The period arguments of the tools that think like the report: the choices `vreport generate`
 * offers (docs/decisions.md#period), with the contract's own schemas for each value. The CLI's
 * parser lives above this folder, so the rules across them (one at a time, from with to) are
 * checked again here, in the same words.
 */
export const PERIOD_INPUT = {
  range: Range.optional().describe("a rolling period ending today: 7d, 30d or 90d (default 30d)"),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be a month YYYY-MM")
    .refine(
      (m) => dayInBounds(monthRange(m).start) && dayInBounds(monthRange(m).end),
      "must be a month the service covers",
    )
    .optional()
    .describe("a calendar month YYYY-MM"),
  period: z
    .enum(NAMED_PERIODS)
    .optional()
    .describe("a named period, relative to today in the workspace timezone"),
  from: PARAMS.ranged.start.describe("first day YYYY-MM-DD of a custom period (with to)"),
  to: PARAMS.ranged.end.describe("last day YYYY-MM-DD of a custom period (with from)"),
  compare: CompareParam.optional().describe("what the period is compared with: previous (default) or year"),
};

type PeriodArgs = { [K in keyof typeof PERIOD_INPUT]?: z.output<(typeof PERIOD_INPUT)[K]> };

/** The period the arguments choose: exactly one of range, month, period, from+to, else 30 days. */
export function periodChoice(args: PeriodArgs): PeriodChoice {
  const given = (["range", "month", "period", "from"] as const).filter((k) => args[k] !== undefined);
  if (given.length > 1)
    throw new ToolInputError({ [given[1]!]: [`cannot be given with ${given[0]}: pick one`] });
  if (args.to !== undefined && args.from === undefined)
    throw new ToolInputError({ to: ["needs from: give both, or use month or period"] });
  const compare = args.compare !== undefined ? { compare: args.compare } : {};
  if (args.month !== undefined) return { month: args.month, ...compare };
  if (args.period !== undefined) return { named: args.period, ...compare };
  if (args.from !== undefined) {
    if (args.to === undefined) throw new ToolInputError({ from: ["needs to: give the last day too"] });
    if (args.from > args.to) throw new ToolInputError({ from: [`${args.from} is after to ${args.to}`] });
    return { start: args.from, end: args.to, ...compare };
  }
  return { range: args.range ?? "30d", ...compare };
}

/** The chosen period resolved against the service the tools read (its timezone and as-of day). */
export function periodIn(ctx: Pick<ToolContext, "client" | "asOf">, choice: PeriodChoice): Promise<Period> {
  return resolvePeriod(ctx.client, choice, ctx.asOf !== undefined ? { asOf: ctx.asOf } : {});
}
