/** Why a webhook operation failed. */
export type WebhookErrorCode = "NOT_FOUND" | "INVALID_SUBSCRIPTION" | "NO_WORKSPACE";

/** Base error of webhooks: a stable `code`, a plain message and the underlying `cause`. */
export class WebhookError extends Error {
  override readonly name = "WebhookError";
  readonly code: WebhookErrorCode;

  constructor(code: WebhookErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }
}
