import { type ErrorCategory, VreportError } from "../contract/index.js";
import { inline } from "./io.js";

/**
 * Exit codes the CLI promises to scripts that call it: documented in the README. Every error of
 * vreport's family names one of these by its `category` (docs/architecture.md, "Error family").
 */
export const EXIT = { ok: 0, failure: 1, usage: 2, auth: 3, unreachable: 4 } as const satisfies Record<
  ErrorCategory | "ok",
  number
>;

/**
 * An error the CLI prints as one line and exits with `exitCode`. Commands throw it; only
 * `cli/index.ts` prints and exits, so commands stay callable from tests.
 */
export class CliError extends VreportError {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failure,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The category whose code `exitCode` is (a plain failure for any other code). */
  override get category(): ErrorCategory {
    return (["usage", "auth", "unreachable"] as const).find((c) => EXIT[c] === this.exitCode) ?? "failure";
  }

  /** A bad flag value: names the flag and the allowed values (exit 2). */
  static badFlag(flag: string, value: string, allowed: string): CliError {
    return new CliError(`invalid ${flag} "${inline(value)}": allowed values are ${allowed}`, EXIT.usage);
  }
}
