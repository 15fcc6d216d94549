/** Why an ingest run could not run at all (bad lines are results, not errors). */
export type IngestErrorCode = "INPUT_UNREADABLE" | "WRITE_FAILED" | "REFRESH_FAILED";

/** Base error of ingestion: a stable `code`, a plain message and the underlying `cause`. */
export class IngestError extends Error {
  override readonly name = "IngestError";
  readonly code: IngestErrorCode;

  constructor(code: IngestErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }
}
