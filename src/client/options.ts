import { API_PREFIX } from "../contract/index.js";

/** Structured logger (pino, console or a test spy); lines arrive with the key redacted. */
export interface ClientLogger {
  debug?(message: string, fields?: Record<string, unknown>): void;
  warn?(message: string, fields?: Record<string, unknown>): void;
}

/** Options of `createClient`. */
export interface ClientOptions {
  /** Service origin, or `{base_url}` as the spec names it (ending with `/core/api/external/v1`). */
  baseUrl: string;
  /** The API key; an empty string sends no key (the service then answers 4021). */
  apiKey: string;
  /** How the key travels: `Authorization: Bearer` (default) or `X-API-KEY`. */
  authHeader?: "bearer" | "x-api-key";
  /** Per attempt, headers and body included. Default 30 000. */
  timeoutMs?: number;
  /** Retries after the first attempt for 429, 5xx, timeouts and network errors. Default 3. */
  retries?: number;
  /** Requests in flight at most, across all calls on this client. Default 4. */
  concurrency?: number;
  /** First backoff ceiling in ms, doubling per retry (full jitter). Default 500. */
  retryBaseDelayMs?: number;
  /** Largest backoff ceiling in ms. Default 10 000. */
  retryMaxDelayMs?: number;
  /** Longest `Retry-After` honoured in ms; longer ones are clamped. Default 60 000. */
  maxRetryAfterMs?: number;
  fetch?: typeof globalThis.fetch;
  logger?: ClientLogger;
}

/** Options with every default applied. */
export type ResolvedOptions = Required<Omit<ClientOptions, "logger" | "baseUrl">> & {
  /** Origin plus any path before the API prefix, without a trailing slash. */
  root: string;
  logger: ClientLogger;
};

/**
 * The service root from either form users know: `https://host` or `https://host/core/api/external/v1`
 * (trailing slashes tolerated). The event catalog lives at the root, outside the prefix.
 */
export function resolveRoot(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`baseUrl must be an absolute http(s) URL, got ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`baseUrl must be an http(s) URL, got ${JSON.stringify(baseUrl)}`);
  }
  let path = url.pathname.replace(/\/+$/, "");
  if (path.endsWith(API_PREFIX)) path = path.slice(0, -API_PREFIX.length);
  return `${url.origin}${path}`;
}

function positiveInt(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min)
    throw new RangeError(`${name} must be an integer >= ${min}, got ${value}`);
  return value;
}

/** Applies defaults and checks ranges, so a bad option fails at construction, not mid-batch. */
export function resolveOptions(options: ClientOptions): ResolvedOptions {
  return {
    root: resolveRoot(options.baseUrl),
    apiKey: options.apiKey,
    authHeader: options.authHeader ?? "bearer",
    timeoutMs: positiveInt("timeoutMs", options.timeoutMs ?? 30_000, 1),
    retries: positiveInt("retries", options.retries ?? 3, 0),
    concurrency: positiveInt("concurrency", options.concurrency ?? 4, 1),
    retryBaseDelayMs: positiveInt("retryBaseDelayMs", options.retryBaseDelayMs ?? 500, 0),
    retryMaxDelayMs: positiveInt("retryMaxDelayMs", options.retryMaxDelayMs ?? 10_000, 0),
    maxRetryAfterMs: positiveInt("maxRetryAfterMs", options.maxRetryAfterMs ?? 60_000, 0),
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    logger: options.logger ?? {},
  };
}
