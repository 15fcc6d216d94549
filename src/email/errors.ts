import { VreportError } from "../contract/index.js";

/** Base of every email failure: `code` says which, `cause` keeps the transport's error. */
export class EmailError extends VreportError {
  constructor(
    message: string,
    readonly code: "ATTACHMENT_TOO_LARGE" | "SMTP_FAILED" | "BAD_ADDRESS" | "NO_SMTP",
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** Only the SMTP server's failure may pass; an address, a cap or a missing server stays. */
  override get retryable(): boolean {
    return this.code === "SMTP_FAILED";
  }
}

/** Attachments exceed the cap: raised before any connection, so nothing half-sent. */
export class AttachmentTooLargeError extends EmailError {
  constructor(
    readonly totalBytes: number,
    readonly maxBytes: number,
    readonly files: { name: string; bytes: number }[],
  ) {
    const list = files.map((f) => `${f.name} (${mb(f.bytes)})`).join(", ");
    super(
      `attachments total ${mb(totalBytes)}, over the ${mb(maxBytes)} cap: ${list}; not sent (raise --max-attachment-mb or send fewer formats)`,
      "ATTACHMENT_TOO_LARGE",
    );
  }
}

/** The SMTP server refused or could not be reached, after the retries. */
export class SmtpDeliveryError extends EmailError {
  constructor(
    message: string,
    readonly attempts: number,
    readonly responseCode: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, "SMTP_FAILED", options);
  }
}

function mb(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}
