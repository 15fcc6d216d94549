import { Option } from "commander";
import { DAY_BOUNDS, dayInBounds, RANGES, type Range } from "../contract/index.js";
import type { RetryPolicy } from "../jobs/queue.js";
import { OUTPUT_FORMATS, type OutputFormat } from "../render/backends/registry.js";
import { CliError, EXIT } from "./errors.js";

/** The allowed values of a formats flag, as its help and its errors say them. */
export const FORMATS_HELP = `${OUTPUT_FORMATS.join(", ")} (comma-separated) or all`;

/** Flags shared by `worker`, `enqueue` and `schedule` (how to reach Redis, and which key prefix). */
export interface QueueFlags {
  redisUrl?: string;
  prefix?: string;
}

/** Flags that describe report jobs, shared by `enqueue` and `schedule add`. */
export interface ReportJobFlags extends QueueFlags {
  project?: string;
  allProjects?: boolean;
  range?: string;
  /** The formats; `formats` is its old name, kept as a hidden alias. */
  format?: string;
  formats?: string;
  out?: string;
  email?: string;
  baseUrl?: string;
  attempts?: string;
  backoff?: string;
}

/**
 * `--formats`, hidden: the name `enqueue` and `schedule add` had before every command said
 * `--format` (one flag name for one thing in every command); scripts that use it keep working.
 */
export function hiddenFormatsAlias(): Option {
  return new Option("--formats <formats>", "old name of --format").hideHelp();
}

/** `--range`: 7d, 30d or 90d (default 30d). */
export function parseRange(value: string | undefined): Range {
  const range = value ?? "30d";
  if (!(RANGES as readonly string[]).includes(range))
    throw CliError.badFlag("--range", range, RANGES.join(", "));
  return range as Range;
}

/** `--formats pdf,xlsx,md,html|all` (default all), deduplicated; `flag` names it in errors. */
export function parseFormats(value: string | undefined, flag = "--formats"): OutputFormat[] {
  const given = value ?? "all";
  // Case carries no meaning in a format's name: `PDF,Xlsx` is `pdf,xlsx`.
  const lower = given.toLowerCase();
  const wanted = lower === "all" ? [...OUTPUT_FORMATS] : lower.split(",").map((f) => f.trim());
  for (const f of wanted) {
    if (!(OUTPUT_FORMATS as readonly string[]).includes(f)) {
      throw CliError.badFlag(flag, given, FORMATS_HELP);
    }
  }
  return [...new Set(wanted)] as OutputFormat[];
}

/** A positive integer flag (`--concurrency 2`, `--attempts 5`, `--backoff 10000`). */
export function parsePositiveInt(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw CliError.badFlag(flag, value, "a positive integer");
  return n;
}

/** A count flag that may be 0 (`--chart-threads 0`). */
export function parseCount(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || value.trim() === "")
    throw CliError.badFlag(flag, value, "a whole number, 0 or more");
  return n;
}

/** `--attempts N --backoff MS` as a retry policy. */
export function parseRetry(flags: { attempts?: string; backoff?: string }): RetryPolicy {
  return {
    attempts: parsePositiveInt("--attempts", flags.attempts, 3),
    backoffMs: parsePositiveInt("--backoff", flags.backoff, 10_000),
  };
}

/**
 * A day flag (`--as-of`, `--from`, `--to`), checked: a real calendar day (`Date.parse` rolls
 * 2026-02-31 into March) within the days the service accepts (docs/decisions.md#dates).
 */
export function parseDay(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const at = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  if (!at || Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== value || !dayInBounds(value))
    throw CliError.badFlag(flag, value, `dates YYYY-MM-DD ${DAY_BOUNDS}`);
  return value;
}

/** `--project` and `--all-projects` exclude each other, and one is needed. */
export function parseTarget(flags: {
  project?: string;
  allProjects?: boolean;
}): { project: string } | { allProjects: true } {
  if (flags.project !== undefined && flags.allProjects) {
    throw new CliError("--project and --all-projects cannot be used together: pick one", EXIT.usage);
  }
  if (flags.project !== undefined) return { project: flags.project };
  if (flags.allProjects) return { allProjects: true };
  throw new CliError("give --project ID or --all-projects", EXIT.usage);
}
