import { z } from "zod";
import { CODES } from "./codes.js";
import { Scope } from "./enums.js";

/**
 * A success envelope around `data`. Some success answers omit `messages` (spec conventions), so
 * it is optional unless the endpoint's spec response names it (`withMessages`: the event catalog).
 */
export function envelope<T extends z.ZodType>(data: T, code: number, withMessages = false) {
  return z.object({
    code: z.literal(code),
    messages: withMessages ? z.string() : z.string().optional(),
    data,
  });
}

/** An error body: the spec's envelope with a fixed code, a message and the code's `data`. */
const errorBody = <C extends number, D extends z.ZodType>(code: C, data: D) =>
  z.object({ code: z.literal(code), messages: z.string(), data });

/** 401, key missing. */
export const KeyMissingError = errorBody(CODES.keyMissing, z.null());
/** 401, key invalid, revoked or expired. */
export const KeyInvalidError = errorBody(CODES.keyInvalid, z.null());
/** 403, a required scope is missing. */
export const ScopeError = errorBody(
  CODES.scopeMissing,
  z.object({ required: z.array(Scope), missing: z.array(Scope) }),
);
/** 404 (docs/decisions.md#error-bodies: "<resource> not found"). */
export const NotFoundError = errorBody(CODES.notFound, z.null());
/** 422: messages per parameter name. */
export const ValidationError = errorBody(CODES.validation, z.record(z.string(), z.array(z.string())));
/** 429 with `Retry-After` (seconds) also as a header. */
export const RateLimitError = errorBody(CODES.rateLimited, z.object({ retry_after: z.number() }));
/** 503 (extension, docs/api.md "Load shedding"): the analytics lane is full; `Retry-After` also as a header. */
export const OverloadedError = errorBody(CODES.overloaded, z.object({ retry_after: z.number() }));
/** 500: never a stack trace. */
export const InternalError = errorBody(CODES.internal, z.null());

/** Any error body the service sends. */
export const ErrorBody = z.union([
  KeyMissingError,
  KeyInvalidError,
  ScopeError,
  NotFoundError,
  ValidationError,
  RateLimitError,
  OverloadedError,
  InternalError,
]);
export type ErrorBody = z.infer<typeof ErrorBody>;
