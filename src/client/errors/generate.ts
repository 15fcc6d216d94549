import { z } from "zod";
import { CODES, Scope } from "../../contract/index.js";
import { InvalidKeyError, MissingKeyError, MissingScopeError } from "./auth.js";
import { type ErrorInit, VreportApiError } from "./base.js";
import { NotFoundError, RateLimitedError, ServerError, ValidationError } from "./http.js";

/** The parts of an error response the mapping reads. */
export interface ErrorResponse {
  endpoint: string;
  status: number;
  /** Parsed JSON body, or undefined when the body was not JSON. */
  body: unknown;
  /** Seconds from `Retry-After`, already parsed. */
  retryAfterSeconds: number | null;
}

const Envelope = z.object({ code: z.number(), messages: z.string().optional(), data: z.unknown() }).loose();
const ScopeData = z.object({ required: z.array(Scope), missing: z.array(Scope) });
const ParamsData = z.record(z.string(), z.array(z.string()));
const RetryData = z.object({ retry_after: z.number() });

/**
 * Maps an HTTP status and envelope to the error class for it (after stripe-node's
 * `generateV1Error`): the one place that knows which status and code mean what.
 */
export function generateError({ endpoint, status, body, retryAfterSeconds }: ErrorResponse): VreportApiError {
  const env = Envelope.safeParse(body);
  const code = env.success ? env.data.code : null;
  const data = env.success ? env.data.data : undefined;
  const said = env.success && env.data.messages ? env.data.messages : `HTTP ${status}`;
  const init: ErrorInit = { endpoint, status, code };
  const message = `${said} (${status}${code !== null && code !== status ? ` ${code}` : ""})`;

  if (status === 401) {
    return code === CODES.keyMissing
      ? new MissingKeyError(message, init)
      : new InvalidKeyError(message, init);
  }
  if (status === 403) {
    const scopes = ScopeData.safeParse(data);
    const { required, missing } = scopes.success ? scopes.data : { required: [], missing: [] };
    const detail = missing.length ? `${message}: missing ${missing.join(", ")}` : message;
    return new MissingScopeError(detail, { ...init, required, missing });
  }
  if (status === 404) return new NotFoundError(message, init);
  if (status === 422) {
    const parsed = ParamsData.safeParse(data);
    const params = parsed.success ? parsed.data : {};
    const detail = Object.entries(params)
      .map(([name, msgs]) => `${name} ${msgs.join(", ")}`)
      .join("; ");
    return new ValidationError(detail ? `${message}: ${detail}` : message, { ...init, params });
  }
  if (status === 429) {
    const hint = RetryData.safeParse(data);
    const seconds = retryAfterSeconds ?? (hint.success ? hint.data.retry_after : null);
    return new RateLimitedError(message, { ...init, retryAfterSeconds: seconds });
  }
  if (status >= 500) return new ServerError(message, init);
  return new VreportApiError(message, init);
}
