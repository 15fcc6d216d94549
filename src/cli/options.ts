/**
 * The options several commands share, each declared once: one spelling and one help text, so a
 * flag means the same in every command's `--help` and a change to it is made here only. Options a
 * single command has, or whose meaning differs per command (`seed --as-of`, `serve --as-of`),
 * stay with their command.
 */
import { type Command, Option } from "commander";
import { type ApiKeyFlags, apiKeyFrom } from "./api-key.js";
import { CliError, EXIT } from "./errors.js";

/** `--database`: where the workspace is, for the commands that open it and for the embedded demo. */
export function databaseOption(): Option {
  return new Option("--database <location>", "PGlite directory or postgres:// URL (env VREPORT_DATABASE)");
}

/** `--base-url`: the report service to read from; without it, the embedded demo on `--database`. */
export function baseUrlOption(): Option {
  return new Option(
    "--base-url <url>",
    "service URL, its origin or …/core/api/external/v1 (env VREPORT_BASE_URL); without it the embedded demo service is used",
  );
}

/** The spelling of `--api-key-file`, for a command that gives it a meaning of its own. */
export const API_KEY_FILE_FLAG = "--api-key-file <file>";

/** `--api-key-file`, the preferred way to give a key. */
export function apiKeyFileOption(): Option {
  return new Option(API_KEY_FILE_FLAG, "file holding the API key (preferred, like env VREPORT_API_KEY)");
}

/** `--api-key`, with the warning its help must carry. */
export function apiKeyOption(): Option {
  return new Option(
    "--api-key <key>",
    "API key; visible to other users in `ps`: prefer --api-key-file or VREPORT_API_KEY",
  );
}

/** `--as-of` of the commands that read the service: it pins the embedded demo's day only. */
export function demoAsOfOption(): Option {
  return new Option(
    "--as-of <date>",
    "embedded demo only: the as-of day YYYY-MM-DD (default: the day the demo was seeded; today on first run)",
  );
}

/**
 * The options of a command that reads the report service: the service and its key, else the
 * embedded demo on `--database` (and, unless the command gives `--as-of` a meaning of its own,
 * the demo's day).
 */
export function withServiceOptions(command: Command, options: { demoAsOf?: boolean } = {}): Command {
  command.addOption(baseUrlOption()).addOption(apiKeyFileOption()).addOption(apiKeyOption());
  if (options.demoAsOf !== false) command.addOption(demoAsOfOption());
  return command.addOption(databaseOption());
}

/** `--project` of the commands that report on one project. */
export function projectOption(): Option {
  return new Option("--project <id|name>", "project to report on (default: the first the key can read)");
}

/** `--attempts` of queued report jobs (`enqueue`, `schedule add`). */
export function attemptsOption(): Option {
  return new Option("--attempts <n>", "tries per job, the first included").default("3");
}

/** `--backoff` of queued report jobs (`enqueue`, `schedule add`). */
export function backoffOption(): Option {
  return new Option("--backoff <ms>", "first retry delay in ms, doubling per retry").default("10000");
}

/** `--redis-url`: the queue's Redis, for `worker`, `enqueue` and `schedule`. */
export function redisUrlOption(): Option {
  return new Option("--redis-url <url>", "Redis URL (env REDIS_URL, default redis://127.0.0.1:6379)");
}

/** `--prefix`: the queue's BullMQ key prefix, for `worker`, `enqueue` and `schedule`. */
export function queuePrefixOption(): Option {
  return new Option("--prefix <prefix>", "BullMQ key prefix (env VREPORT_QUEUE_PREFIX, default bull)");
}

/**
 * The service named by `--base-url` (else VREPORT_BASE_URL) and its key, checked: an http(s) URL,
 * and a key whenever there is a URL (the embedded demo makes its own). Usage errors otherwise.
 */
export function serviceFlags(
  flags: ApiKeyFlags & { baseUrl?: string | undefined },
  env: NodeJS.ProcessEnv = process.env,
): { baseUrl?: string; apiKey?: string } {
  const baseUrl = flags.baseUrl ?? env.VREPORT_BASE_URL;
  const apiKey = apiKeyFrom(flags, env);
  if (baseUrl !== undefined) {
    let ok = false;
    try {
      ok = ["http:", "https:"].includes(new URL(baseUrl).protocol);
    } catch {}
    if (!ok) throw CliError.badFlag("--base-url", baseUrl, "an http:// or https:// URL");
    if (!apiKey)
      throw new CliError(
        "--api-key-file (or VREPORT_API_KEY, or --api-key) is required with --base-url",
        EXIT.usage,
      );
  }
  return {
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(apiKey !== undefined ? { apiKey } : {}),
  };
}
