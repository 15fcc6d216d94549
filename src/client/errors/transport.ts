import { VreportApiError } from "./base.js";

/** No usable response: connection refused or reset, DNS failure, body cut off. */
export class NetworkError extends VreportApiError {
  override get retryable(): boolean {
    return true;
  }
}

/** No complete response within `timeoutMs` (per attempt). */
export class TimeoutError extends VreportApiError {
  override get retryable(): boolean {
    return true;
  }
}
