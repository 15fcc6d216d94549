import type { ErrorCategory } from "../../contract/index.js";
import { CodedError } from "../store/coded-error.js";

/** Why a webhook operation failed. */
export type WebhookErrorCode = "NOT_FOUND" | "INVALID_SUBSCRIPTION" | "NO_WORKSPACE";

/** Base error of webhooks: a stable `code`, a plain message and the underlying `cause`. */
export class WebhookError extends CodedError<WebhookErrorCode> {
  override readonly name = "WebhookError";

  /** A webhook that is not there is a failure; every other refusal is a bad argument (exit 2). */
  override get category(): ErrorCategory {
    return this.code === "NOT_FOUND" ? "failure" : "usage";
  }
}
