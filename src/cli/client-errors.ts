import {
  InvalidKeyError,
  MissingKeyError,
  MissingScopeError,
  NetworkError,
  TimeoutError,
} from "../client/index.js";
import { CliError, EXIT } from "./errors.js";

/** Client failures as the CLI's exit codes: auth 3, unreachable 4; the message is already redacted. */
export function clientErrorToCli(err: unknown): unknown {
  if (err instanceof MissingKeyError || err instanceof InvalidKeyError || err instanceof MissingScopeError) {
    return new CliError(err.message, EXIT.auth, { cause: err });
  }
  if (err instanceof NetworkError || err instanceof TimeoutError) {
    return new CliError(`service unreachable: ${err.message}`, EXIT.unreachable, { cause: err });
  }
  return err;
}
