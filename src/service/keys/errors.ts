/** Why a key operation was refused. */
export type KeyErrorCode =
  | "INVALID_SCOPE"
  | "NO_SCOPE"
  | "PROJECT_NOT_FOUND"
  | "WORKSPACE_NOT_FOUND"
  | "KEY_NOT_FOUND"
  | "INVALID_EXPIRY";

/** A refused key operation (bad input, unknown ids); the message is safe to print. */
export class KeyError extends Error {
  override readonly name = "KeyError";
  constructor(
    readonly code: KeyErrorCode,
    message: string,
  ) {
    super(message);
  }
}
