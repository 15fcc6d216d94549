import type { Command } from "commander";
import { DEFAULT_RETRY_POLICY, type DispatcherOptions } from "../../service/webhooks/index.js";
import { CliError } from "../errors.js";

/** Raw dispatcher flags shared by `serve` and `deliver`. */
export interface WebhookFlags {
  webhookTimeout?: string;
  webhookBackoff?: string;
  webhookMaxAttempts?: string;
  webhookHorizon?: string;
}

const HOUR_MS = 3_600_000;

/** Adds the delivery tuning flags; their defaults are the dispatcher's (10 s, 30 s, 12, 24 h). */
export function addWebhookFlags(command: Command): Command {
  return command
    .option("--webhook-timeout <ms>", "webhook POST timeout in ms (default 10000)")
    .option(
      "--webhook-backoff <ms>",
      "first webhook retry delay in ms, doubling, with jitter (default 30000)",
    )
    .option(
      "--webhook-max-attempts <n>",
      `webhook attempts before a dead letter (default ${DEFAULT_RETRY_POLICY.maxAttempts})`,
    )
    .option(
      "--webhook-horizon <hours>",
      `no webhook retry later than this after the event (default ${DEFAULT_RETRY_POLICY.horizonMs / HOUR_MS})`,
    );
}

function positive(flag: string, value: string | undefined, integer: boolean): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!(n > 0) || !Number.isFinite(n) || (integer && !Number.isInteger(n)))
    throw CliError.badFlag(flag, value, integer ? "a positive integer" : "a positive number");
  return n;
}

/** The dispatcher options the flags set (only those given; exit 2 on a bad value). */
export function parseWebhookFlags(flags: WebhookFlags): DispatcherOptions {
  const timeoutMs = positive("--webhook-timeout", flags.webhookTimeout, true);
  const baseDelayMs = positive("--webhook-backoff", flags.webhookBackoff, true);
  const maxAttempts = positive("--webhook-max-attempts", flags.webhookMaxAttempts, true);
  const hours = positive("--webhook-horizon", flags.webhookHorizon, false);
  return {
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(baseDelayMs !== undefined ? { baseDelayMs } : {}),
    ...(maxAttempts !== undefined ? { maxAttempts } : {}),
    ...(hours !== undefined ? { horizonMs: Math.round(hours * HOUR_MS) } : {}),
  };
}
