import { VreportError } from "../../contract/index.js";

/**
 * Base of the service's typed errors: a stable `code` callers switch on, a plain message that is
 * safe to print, and the underlying `cause` when there is one. Each module subclasses it with its
 * own name and code list (IngestError, WebhookError, StoreError). It lives in the store, the
 * bottom layer of the service, because the store must load on its own (nothing above it imported).
 */
export class CodedError<Code extends string> extends VreportError {
  readonly code: Code;

  constructor(code: Code, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
