import { VreportApiError } from "../client/index.js";
import { VreportError } from "../contract/index.js";
import { DatabaseLockedError } from "../service/store/errors.js";
import { CliError, EXIT } from "./errors.js";

/**
 * A failure as the CLI's exit: an error of vreport's family exits with the code of its category
 * (usage 2, auth 3, unreachable 4, else 1; docs/architecture.md, "Error family"); anything else
 * is left as it is (the CLI prints it and exits 1).
 */
export function toCliError(err: unknown): unknown {
  if (err instanceof CliError) return err;
  if (err instanceof DatabaseLockedError) {
    // Another process holds the PGlite directory: often `serve`, which the others can read through.
    return new CliError(
      `${err.message} (if \`vreport serve\` holds it, point generate, worker and enqueue at that service with VREPORT_BASE_URL/VREPORT_API_KEY)`,
      EXIT.failure,
      { cause: err },
    );
  }
  if (!(err instanceof VreportError)) return err;
  // The client's message names the endpoint, not that it is the service that did not answer.
  const unreachableService = err instanceof VreportApiError && err.category === "unreachable";
  return new CliError(
    unreachableService ? `service unreachable: ${err.message}` : err.message,
    EXIT[err.category],
    {
      cause: err,
    },
  );
}
