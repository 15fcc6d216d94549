import { NetworkError, TimeoutError } from "./errors/transport.js";

/** A response read to the end. */
export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

/** What one attempt needs. */
export interface AttemptInit {
  endpoint: string;
  url: string;
  headers: Record<string, string>;
  timeoutMs: number;
  fetch: typeof globalThis.fetch;
  signal?: AbortSignal | undefined;
}

/** The most telling part of a fetch failure: undici hides the socket error in `cause`. */
function reason(err: unknown): string {
  const cause = err instanceof Error ? err.cause : undefined;
  const inner = cause instanceof Error ? cause : err instanceof Error ? err : undefined;
  const code = inner && "code" in inner && typeof inner.code === "string" ? inner.code : undefined;
  const message = inner?.message ?? String(err);
  return code ? `${code} (${message})` : message;
}

/**
 * One HTTP GET, body included, under a per-attempt timeout. The caller's abort rethrows the
 * signal's reason untouched; the timeout becomes `TimeoutError`; anything else `NetworkError`.
 */
export async function attempt(init: AttemptInit): Promise<RawResponse> {
  const { endpoint, signal } = init;
  signal?.throwIfAborted();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, init.timeoutMs);
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const res = await init.fetch(init.url, {
      method: "GET",
      headers: init.headers,
      signal: controller.signal,
    });
    // Read inside the timeout: a server that sends headers and then stalls is a timeout too.
    const text = await res.text();
    return { status: res.status, headers: res.headers, text };
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    if (timedOut) {
      throw new TimeoutError(`no complete response within ${init.timeoutMs} ms`, { endpoint, cause: err });
    }
    throw new NetworkError(`network error: ${reason(err)}`, { endpoint, cause: err });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}
