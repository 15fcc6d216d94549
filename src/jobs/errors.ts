/**
 * The job layer's errors, apart from the modules that raise them, so that mapping them to exit
 * codes (`cli/to-cli-error.ts`) does not load BullMQ and ioredis into every command.
 */

import { type ErrorCategory, VreportError } from "../contract/index.js";
import { withoutPassword } from "../contract/url.js";

/** Redis did not answer: the CLI maps it to exit 4 (unreachable), like an unreachable service. */
export class RedisUnreachableError extends VreportError {
  readonly code = "REDIS_UNREACHABLE";
  constructor(url: string, cause: unknown) {
    super(
      `Redis unreachable at ${withoutPassword(url)}: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }

  override get category(): ErrorCategory {
    return "unreachable";
  }
}

/** A schedule that cannot be registered (bad cron or time zone): the CLI maps it to exit 2. */
export class ScheduleError extends VreportError {
  override get category(): ErrorCategory {
    return "usage";
  }
}

/**
 * A rendered report its review keeps from being emailed (a draft, rejected, held, or sent
 * already: docs/review.md). The job ends there, not retried; the worker logs it as held (or, sent
 * already, as skipped), not as a failure, since waiting for the account manager is the cycle
 * working as it should.
 */
export class HeldForReviewError extends VreportError {
  readonly code = "HELD_FOR_REVIEW";
  constructor(
    reason: string,
    /** The report was sent already (by the desk, another job): there is nothing left to review. */
    readonly sentAlready = false,
  ) {
    super(`not emailed: ${reason}`);
  }

  override get retryable(): boolean {
    return false;
  }
}
