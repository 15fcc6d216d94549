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
    // A worker on the embedded demo holds the PGlite directory.
    return new CliError(
      `${err.message} (a worker on the demo database? run \`vreport serve\` and point worker and enqueue at it with VREPORT_BASE_URL/VREPORT_API_KEY)`,
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
