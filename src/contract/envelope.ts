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

/** 401, key missing. */
export const KeyMissingError = z.object({
  code: z.literal(CODES.keyMissing),
  messages: z.string(),
  data: z.null(),
});
/** 401, key invalid, revoked or expired. */
export const KeyInvalidError = z.object({
  code: z.literal(CODES.keyInvalid),
  messages: z.string(),
  data: z.null(),
});
/** 403, a required scope is missing. */
export const ScopeError = z.object({
  code: z.literal(CODES.scopeMissing),
  messages: z.string(),
  data: z.object({ required: z.array(Scope), missing: z.array(Scope) }),
});
/** 404 (docs/decisions.md#error-bodies: "<resource> not found"). */
export const NotFoundError = z.object({
  code: z.literal(CODES.notFound),
  messages: z.string(),
  data: z.null(),
});
/** 422: messages per parameter name. */
export const ValidationError = z.object({
  code: z.literal(CODES.validation),
  messages: z.string(),
  data: z.record(z.string(), z.array(z.string())),
});
/** 429 with `Retry-After` (seconds) also as a header. */
export const RateLimitError = z.object({
  code: z.literal(CODES.rateLimited),
  messages: z.string(),
  data: z.object({ retry_after: z.number() }),
});
/** 500: never a stack trace. */
export const InternalError = z.object({
  code: z.literal(CODES.internal),
  messages: z.string(),
  data: z.null(),
});

/** Any error body the service sends. */
export const ErrorBody = z.union([
  KeyMissingError,
  KeyInvalidError,
  ScopeError,
  NotFoundError,
  ValidationError,
  RateLimitError,
  InternalError,
]);
export type ErrorBody = z.infer<typeof ErrorBody>;
