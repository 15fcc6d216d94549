import type { ErrorCategory, Scope } from "../../contract/index.js";
import { type ErrorInit, VreportApiError } from "./base.js";

/** 401 4021: the request carried no key (the CLI exits 3, auth). */
export class MissingKeyError extends VreportApiError {
  override get category(): ErrorCategory {
    return "auth";
  }
}

/** 401 4022: the key is invalid, revoked or expired (the CLI exits 3, auth). */
export class InvalidKeyError extends VreportApiError {
  override get category(): ErrorCategory {
    return "auth";
  }
}

/** 403 4023: the key lacks a scope the endpoint needs (the CLI exits 3, auth). */
export class MissingScopeError extends VreportApiError {
  readonly required: Scope[];
  readonly missing: Scope[];

  override get category(): ErrorCategory {
    return "auth";
  }

  constructor(message: string, init: ErrorInit & { required: Scope[]; missing: Scope[] }) {
    super(message, init);
    this.required = init.required;
    this.missing = init.missing;
  }
}
