/**
 * How a failure ends a CLI run: the CLI turns each into its exit code (`cli/errors.ts` EXIT:
 * failure 1, usage 2, auth 3, unreachable 4; docs/architecture.md, "Error family").
 */
export type ErrorCategory = "failure" | "usage" | "auth" | "unreachable";

// `scheme://user:password@host`: the password part, whatever the scheme (postgres, redis, smtp…).
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s/@:]*:)[^\s/@]+@/gi;

/**
 * Base of every error vreport throws (docs/architecture.md, "Error family"). Each class says once
 * how a run ends on it (`category`) and whether trying again later may succeed (`retryable`):
 * the CLI reads the one, the worker the other, so neither keeps its own list of classes. It lives
 * in the contract, the bottom folder, so that every folder can extend it.
 *
 * The message is safe to print: a password in a URL is masked here, keys are redacted by the
 * client before its errors are made, and no message carries a stack.
 */
export class VreportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message.replace(URL_PASSWORD, "$1***@"), options?.cause === undefined ? undefined : options);
    this.name = new.target.name;
  }

  /** How a CLI run that fails on this ends; a plain failure (exit 1) unless the class says. */
  get category(): ErrorCategory {
    return "failure";
  }

  /**
   * Whether the same work may succeed if tried again later: the worker fails a job at once on an
   * error that says no, and retries it with backoff otherwise (docs/jobs.md).
   */
  get retryable(): boolean {
    return true;
  }
}
