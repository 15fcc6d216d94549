import { CodedError } from "../store/coded-error.js";

/** Why an ingest run could not run at all (bad lines are results, not errors). */
export type IngestErrorCode = "INPUT_UNREADABLE" | "WRITE_FAILED" | "REFRESH_FAILED";

/** Base error of ingestion: a stable `code`, a plain message and the underlying `cause`. */
export class IngestError extends CodedError<IngestErrorCode> {
  override readonly name = "IngestError";
}
