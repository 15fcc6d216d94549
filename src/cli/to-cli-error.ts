import { ChangesError } from "../config/changes-file.js";
import { ConfigError } from "../config/load-config.js";
import { NotesError } from "../config/notes-file.js";
import { RedisUnreachableError, ScheduleError } from "../jobs/errors.js";
import { TemplateError } from "../render/html/template-error.js";
import { DatabaseLockedError, StoreError } from "../service/store/errors.js";
import { clientErrorToCli } from "./client-errors.js";
import { CliError, EXIT } from "./errors.js";

/** Maps failures of the report and job commands to the CLI's exit codes: usage 2, auth 3, unreachable 4. */
export function toCliError(err: unknown): unknown {
  if (err instanceof CliError) return err;
  const mapped = clientErrorToCli(err);
  if (mapped instanceof CliError) return mapped;
  if (err instanceof RedisUnreachableError)
    return new CliError(err.message, EXIT.unreachable, { cause: err });
  // The embedded service's PostgreSQL database (the message holds no URL, so no password).
  if (err instanceof StoreError && err.code === "UNREACHABLE")
    return new CliError(err.message, EXIT.unreachable, { cause: err });
  if (
    err instanceof ConfigError ||
    err instanceof NotesError ||
    err instanceof ChangesError ||
    err instanceof ScheduleError ||
    // The agency's templates are part of its configuration (docs/templates.md).
    err instanceof TemplateError
  )
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
