import type { ErrorCategory } from "../../contract/index.js";
import { CodedError } from "../store/coded-error.js";

/**
 * Why an import could not run at all. Bad rows are results (`ImportResult.errors`), not errors;
 * these stop the whole run before anything is written, except WRITE_FAILED and REFRESH_FAILED.
 */
export type ImportErrorCode =
  | "INPUT_UNREADABLE"
  | "BAD_SETUP"
  | "BAD_MAPPING"
  | "BAD_HEADER"
  | "CSV_SYNTAX"
  | "BAD_ENCODING"
  | "WRITE_FAILED"
  | "REFRESH_FAILED";

/** Base error of the CSV import: a stable `code`, a plain message and the underlying `cause`. */
export class ImportError extends CodedError<ImportErrorCode> {
  override readonly name = "ImportError";

  /** A file or mapping the user gave that cannot be used is theirs to fix (exit 2). */
  override get category(): ErrorCategory {
    return this.code === "BAD_SETUP" || this.code === "BAD_MAPPING" || this.code === "INPUT_UNREADABLE"
      ? "usage"
      : "failure";
  }
}
