import { type ErrorInit, VreportApiError } from "./base.js";

/** 404: the resource does not exist in the key's workspace (or another project's, for a pinned key). */
export class NotFoundError extends VreportApiError {}

/** 422: invalid parameters, with the messages per parameter name. */
export class ValidationError extends VreportApiError {
  readonly params: Record<string, string[]>;

  constructor(message: string, init: ErrorInit & { params: Record<string, string[]> }) {
    super(message, init);
    this.params = init.params;
  }
}

/** 429: too many requests; `retryAfterSeconds` is the server's hint, when it gave one. */
export class RateLimitedError extends VreportApiError {
  readonly retryAfterSeconds: number | null;

  constructor(message: string, init: ErrorInit & { retryAfterSeconds: number | null }) {
    super(message, init);
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  override get retryable(): boolean {
    return true;
  }
}

/** 5xx: the service failed. */
export class ServerError extends VreportApiError {
  /** 501 and 505 say the server cannot do this at all: asking again cannot help. */
  override get retryable(): boolean {
    return this.status !== 501 && this.status !== 505;
  }
}
