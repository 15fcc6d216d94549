import { VreportError } from "./vreport-error.js";

/**
 * A state the code rules out: a bug in vreport (or a broken install), never something a user's
 * input or action can reach, so its message names what broke for whoever reports it. Of the family
 * like every error (docs/architecture.md, "Error family"): a plain failure (exit 1), and never
 * retried, since the same code would break the same way again. Named so because the contract
 * already has an `InternalError`, the schema of the API's 500 body (envelope.ts).
 */
export class InvariantError extends VreportError {
  override get retryable(): boolean {
    return false;
  }
}
