import { VreportError } from "../../contract/index.js";

/** What every client error carries besides its message. */
export interface ErrorInit {
  /** Client method name (endpoint id) of the failed call. */
  endpoint: string;
  /** HTTP status, or null when no response arrived. */
  status?: number | null;
  /** Service code from the envelope, or null when there was none. */
  code?: number | null;
  cause?: unknown;
}

/**
 * Base of every error the client throws, so `instanceof VreportApiError` catches them all; one of
 * vreport's error family (a plain failure unless a subclass says otherwise). Messages start with
 * the endpoint id; the key is redacted before an error leaves the client.
 */
export class VreportApiError extends VreportError {
  readonly endpoint: string;
  readonly status: number | null;
  readonly code: number | null;

  constructor(message: string, init: ErrorInit) {
    super(`${init.endpoint}: ${message}`, { cause: init.cause });
    this.endpoint = init.endpoint;
    this.status = init.status ?? null;
    this.code = init.code ?? null;
  }

  /**
   * Whether a retry may succeed (429, 5xx, timeouts, network failures): the client retries these
   * itself, and the worker fails a job at once on any other.
   */
  override get retryable(): boolean {
    return false;
  }
}
