import type { Scope } from "../../contract/index.js";
import { type ErrorInit, VreportApiError } from "./base.js";

/** 401 4021: the request carried no key. */
export class MissingKeyError extends VreportApiError {}

/** 401 4022: the key is invalid, revoked or expired. */
export class InvalidKeyError extends VreportApiError {}

/** 403 4023: the key lacks a scope the endpoint needs. */
export class MissingScopeError extends VreportApiError {
  readonly required: Scope[];
  readonly missing: Scope[];

  constructor(message: string, init: ErrorInit & { required: Scope[]; missing: Scope[] }) {
    super(message, init);
    this.required = init.required;
    this.missing = init.missing;
  }
}
