import { clientErrorToCli } from "../cli/client-errors.js";
import { CliError, EXIT } from "../cli/errors.js";
import { ConfigError } from "../report/config.js";
import { DatabaseLockedError } from "../service/store/errors.js";
import { RedisUnreachableError, ScheduleError } from "./errors.js";

// Socket errors that mean "nothing answers there" (pg raises them when it first connects).
const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ETIMEDOUT", "EAI_AGAIN"]);

/** The socket error code of `err` or of one of its causes, when it says nothing answered. */
function unreachableCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== undefined && UNREACHABLE.has(code)) return code;
  }
  return undefined;
}

/** Maps failures of the job commands to the CLI's exit codes: usage 2, auth 3, unreachable 4. */
export function toCliError(err: unknown): unknown {
  if (err instanceof CliError) return err;
  const mapped = clientErrorToCli(err);
  if (mapped instanceof CliError) return mapped;
  if (err instanceof RedisUnreachableError)
    return new CliError(err.message, EXIT.unreachable, { cause: err });
  const down = unreachableCode(err);
  // The embedded service's PostgreSQL database (the message holds no URL, so no password).
  if (down)
    return new CliError(`the database server is unreachable (${down})`, EXIT.unreachable, { cause: err });
  if (err instanceof ConfigError || err instanceof ScheduleError)
    return new CliError(err.message, EXIT.usage, { cause: err });
  if (err instanceof DatabaseLockedError) {
    // A worker on the embedded demo holds the PGlite directory.
    return new CliError(
      `${err.message} (a worker on the demo database? run \`vreport serve\` and point worker and enqueue at it with VREPORT_BASE_URL/VREPORT_API_KEY)`,
      EXIT.failure,
      { cause: err },
    );
  }
  return err;
}
