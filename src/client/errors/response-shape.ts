import { type ErrorInit, VreportApiError } from "./base.js";

/** One mismatch between a response and the contract. */
export interface ShapeIssue {
  /** Dotted path from the envelope root, e.g. `data.mention_rate.current`. */
  path: string;
  message: string;
}

/**
 * A response that is not what the contract promises (bad JSON, wrong envelope code, wrong
 * field). Never retried: the same server would answer the same way.
 */
export class ResponseShapeError extends VreportApiError {
  readonly issues: ShapeIssue[];

  constructor(issues: ShapeIssue[], init: ErrorInit) {
    const first = issues[0];
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
    super(first ? `${first.path}: ${first.message}${more}` : "unexpected response", init);
    this.issues = issues;
  }
}
