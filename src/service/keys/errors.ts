import { type ErrorCategory, VreportError } from "../../contract/index.js";

/** Why a key operation was refused. */
export type KeyErrorCode =
  | "INVALID_SCOPE"
  | "NO_SCOPE"
  | "PROJECT_NOT_FOUND"
  | "WORKSPACE_NOT_FOUND"
  | "KEY_NOT_FOUND"
  | "INVALID_EXPIRY";

/** A refused key operation (bad input, unknown ids); the message is safe to print. */
export class KeyError extends VreportError {
  constructor(
    readonly code: KeyErrorCode,
    message: string,
  ) {
    super(message);
  }

  /** `vreport keys` refuses the operation as a usage error (exit 2). */
  override get category(): ErrorCategory {
    return "usage";
  }
}
