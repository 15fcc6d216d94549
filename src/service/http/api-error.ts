import { CODES, ERROR_STATUS, MESSAGES, type Scope, VreportError } from "../../contract/index.js";

/**
 * The service's one error type. Handlers and hooks throw it; one Fastify error handler renders
 * it to the envelope (`{code, messages, data}`), so no route formats errors itself.
 */
export class ApiError extends VreportError {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  /** 401 4021: no key on the request. */
  static keyMissing(): ApiError {
    return new ApiError(401, CODES.keyMissing, MESSAGES.keyMissing);
  }

  /** 401 4022: a key that is unknown, revoked or expired. */
  static keyInvalid(): ApiError {
    return new ApiError(401, CODES.keyInvalid, MESSAGES.keyInvalid);
  }

  /** 403 4023 with the required and missing scopes. */
  static scopeMissing(required: Scope[], missing: Scope[]): ApiError {
    return new ApiError(403, CODES.scopeMissing, MESSAGES.scopeMissing, { required, missing });
  }

  /** 404: `<resource> not found` (docs/decisions.md#error-bodies). */
  static notFound(resource: string): ApiError {
    return new ApiError(404, CODES.notFound, `${resource} not found`);
  }

  /** 422: messages keyed by parameter name. */
  static validation(byParam: Record<string, string[]>): ApiError {
    return new ApiError(422, CODES.validation, MESSAGES.validation, byParam);
  }

  /** 429 4290 with `retry_after` seconds, mirrored in the Retry-After header. */
  static rateLimited(retryAfterSeconds: number): ApiError {
    return ApiError.retryLater(429, CODES.rateLimited, MESSAGES.rateLimited, retryAfterSeconds);
  }

  /** 503 5030: the expensive lane is full (docs/api.md, "Load shedding"); `retry_after` as for 429. */
  static overloaded(retryAfterSeconds: number): ApiError {
    return ApiError.retryLater(503, CODES.overloaded, MESSAGES.overloaded, retryAfterSeconds);
  }

  /**
   * 499 (nginx's "client closed request"): the client went away while its request waited or ran.
   * Nothing reaches the client; the status only names the outcome in the log.
   */
  static clientClosed(): ApiError {
    return new ApiError(499, 499, "client closed request");
  }

  private static retryLater(status: number, code: number, message: string, seconds: number): ApiError {
    return new ApiError(status, code, message, { retry_after: seconds }, { "retry-after": String(seconds) });
  }

  /** 500 5000: the cause is logged, never sent. */
  static internal(): ApiError {
    return new ApiError(ERROR_STATUS[CODES.internal] ?? 500, CODES.internal, MESSAGES.internal);
  }
}
