import type { z } from "zod";
import type { Endpoint } from "../contract/index.js";
import { attempt } from "./_attempt.js";
import { type Redact, redactCause, redactDeep } from "./_redact.js";
import { backoffMs, parseRetryAfter, sleep } from "./_retry.js";
import type { Semaphore } from "./_semaphore.js";
import { buildUrl } from "./_url.js";
import { parseJson, validateEnvelope } from "./_validate.js";
import { VreportApiError } from "./errors/base.js";
import { generateError } from "./errors/generate.js";
import type { ResolvedOptions } from "./options.js";

/** Everything a call shares with the other calls of one client. */
export interface Transport {
  options: ResolvedOptions;
  semaphore: Semaphore;
  redact: Redact;
  headers: Record<string, string>;
}

/** Inputs of one call, untyped (the typed surface is in `create-client.ts`). */
export interface CallInit {
  pathParams?: Record<string, string> | undefined;
  query?: object | undefined;
  signal?: AbortSignal | undefined;
}

/** Emits a log line with the key redacted from the message and every field. */
export function log(
  t: Transport,
  level: "debug" | "warn",
  message: string,
  fields: Record<string, unknown>,
): void {
  t.options.logger[level]?.(t.redact(message), redactDeep(fields, t.redact) as Record<string, unknown>);
}

/**
 * Redacts an error on its way out: message, stack, the whole cause chain, and every own field
 * (shape issues and 422 messages may quote a body that echoed the key).
 */
function scrub(err: unknown, redact: Redact): unknown {
  if (!(err instanceof Error)) return err;
  const fields = err as unknown as Record<string, unknown>;
  for (const key of Object.keys(err)) {
    if (key !== "cause") fields[key] = redactDeep(fields[key], redact);
  }
  err.message = redact(err.message);
  if (err.stack !== undefined) err.stack = redact(err.stack);
  if (err.cause !== undefined) err.cause = redactCause(err.cause, redact);
  return err;
}

/**
 * The one code path of every request: slot, attempt, envelope and schema check, typed error,
 * retry with backoff. Retries 429, 5xx, timeouts and network errors only; never other 4xx nor
 * shape errors (the same request would fail the same way).
 */
export async function call<S extends z.ZodType>(
  t: Transport,
  def: Endpoint,
  init: CallInit,
  schema: S,
): Promise<z.output<S>> {
  const { options } = t;
  const { signal } = init;
  const url = buildUrl(options.root, def, init.pathParams, init.query);
  const path = url.slice(options.root.length);
  try {
    for (let retry = 0; ; retry++) {
      let retryAfter: number | null = null;
      try {
        const release = await t.semaphore.acquire(signal);
        const started = Date.now();
        let res: Awaited<ReturnType<typeof attempt>>;
        try {
          res = await attempt({
            endpoint: def.id,
            url,
            headers: t.headers,
            timeoutMs: options.timeoutMs,
            fetch: options.fetch,
            signal,
          });
        } finally {
          release();
        }
        const ms = Date.now() - started;
        log(t, "debug", `GET ${path} -> ${res.status} in ${ms} ms`, {
          endpoint: def.id,
          status: res.status,
          ms,
          retry,
        });
        retryAfter = parseRetryAfter(res.headers.get("retry-after"));
        if (res.status >= 200 && res.status < 300) {
          const body = parseJson(res.text, def.id, res.status);
          return validateEnvelope(body, schema, { endpoint: def.id, code: def.code, status: res.status });
        }
        let body: unknown;
        try {
          body = JSON.parse(res.text);
        } catch {} // A proxy's HTML error page still maps by status.
        throw generateError({ endpoint: def.id, status: res.status, body, retryAfterSeconds: retryAfter });
      } catch (err) {
        if (!(err instanceof VreportApiError) || !err.retryable || retry >= options.retries) throw err;
        const delay =
          retryAfter !== null
            ? Math.min(retryAfter * 1000, options.maxRetryAfterMs)
            : backoffMs(retry, options.retryBaseDelayMs, options.retryMaxDelayMs);
        log(t, "warn", `${err.message}; retry ${retry + 1} of ${options.retries} in ${delay} ms`, {
          endpoint: def.id,
          status: err.status,
          code: err.code,
          delay,
        });
        await sleep(delay, signal);
      }
    }
  } catch (err) {
    // The caller's own abort reason is theirs: hand it back untouched.
    if (signal?.aborted && err === signal.reason) throw err;
    throw scrub(err, t.redact);
  }
}
