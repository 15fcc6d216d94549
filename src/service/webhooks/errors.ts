import { CodedError } from "../store/coded-error.js";

/** Why a webhook operation failed. */
export type WebhookErrorCode = "NOT_FOUND" | "INVALID_SUBSCRIPTION" | "NO_WORKSPACE";

/** Base error of webhooks: a stable `code`, a plain message and the underlying `cause`. */
export class WebhookError extends CodedError<WebhookErrorCode> {
  override readonly name = "WebhookError";
}
