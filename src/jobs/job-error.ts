import { VreportError } from "../contract/index.js";

/** Why a job failed for good, as `JobError` names it. */
export type JobErrorCode = "INVALID_DATA" | "UNKNOWN_PROJECT" | "NO_LEDGER" | "DATA_INCOMPLETE";

/**
 * A job this worker can never complete as asked: its data does not fit the schema, its project is
 * not among those the key reads, it asks for email from a worker without a delivery ledger, or its
 * period's data is still incomplete at its deadline (docs/jobs.md). Not retried: the next try
 * would end the same way.
 */
export class JobError extends VreportError {
  constructor(
    readonly code: JobErrorCode,
    message: string,
  ) {
    super(message);
  }

  override get retryable(): boolean {
    return false;
  }
}
