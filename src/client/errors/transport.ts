import type { ErrorCategory } from "../../contract/index.js";
import { VreportApiError } from "./base.js";

/** No usable response: connection refused or reset, DNS failure, body cut off (the CLI exits 4). */
export class NetworkError extends VreportApiError {
  override get category(): ErrorCategory {
    return "unreachable";
  }

  override get retryable(): boolean {
    return true;
  }
}

/** No complete response within `timeoutMs` (per attempt; the CLI exits 4). */
export class TimeoutError extends VreportApiError {
  override get category(): ErrorCategory {
    return "unreachable";
  }

  override get retryable(): boolean {
    return true;
  }
}
