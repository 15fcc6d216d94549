/**
 * Key redaction. Every string the client hands out (error messages, causes, log lines) passes
 * through a redactor, so a key can never leak through an error report or a log aggregator.
 */

/** What a redacted key reads as. */
export const REDACTED = "[REDACTED]";

/** Anything shaped like a vreport key, even one other than the client's own. */
const KEY_PATTERN = /\bvr_[A-Za-z0-9_-]+/g;

export type Redact = (text: string) => string;

/** A redactor for one key: the exact key string and every `vr_…` token become `[REDACTED]`. */
export function makeRedactor(apiKey: string | undefined): Redact {
  return (text) => {
    // An empty key must not be "replaced" (it would match between every character).
    const exact = apiKey ? text.split(apiKey).join(REDACTED) : text;
    return exact.replace(KEY_PATTERN, REDACTED);
  };
}

/** Fields of a cause worth keeping: they explain a network failure and carry no request data. */
const SAFE_FIELDS = ["code", "errno", "syscall", "address", "port"] as const;

/**
 * A redacted copy of a thrown value and its `cause` chain. Raw fetch errors may hold the request
 * (headers included); the copy keeps only name, message, stack and a few diagnostic fields.
 */
export function redactCause(value: unknown, redact: Redact, depth = 0): Error {
  if (!(value instanceof Error)) return new Error(redact(String(value)));
  const copy = new Error(redact(value.message));
  copy.name = value.name;
  copy.stack = value.stack === undefined ? "" : redact(value.stack);
  const src = value as unknown as Record<string, unknown>;
  const dst = copy as unknown as Record<string, unknown>;
  for (const field of SAFE_FIELDS) {
    const v = src[field];
    if (typeof v === "string") dst[field] = redact(v);
    else if (typeof v === "number") dst[field] = v;
  }
  // Bounded: a cyclic or absurdly deep chain must not hang error handling.
  if (value.cause !== undefined && depth < 8) copy.cause = redactCause(value.cause, redact, depth + 1);
  return copy;
}

/** Redacts every string inside a JSON-like value (log fields). */
export function redactDeep(value: unknown, redact: Redact, depth = 0): unknown {
  if (typeof value === "string") return redact(value);
  if (depth > 8 || value === null || typeof value !== "object") return value;
  if (value instanceof Error) return redactCause(value, redact);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redact, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, redact, depth + 1)]));
}
