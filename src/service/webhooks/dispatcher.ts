/**
 * The dispatcher: fans outbox events out into deliveries, claims the due ones, sends them and
 * records the results, every `intervalMs` (at once again while there is a backlog). Any number of
 * dispatchers may run against one PostgreSQL server; on PGlite it runs inside the one process.
 */
import type { Kysely } from "kysely";
import type { Database } from "../store/schema.js";
import { type AttemptOptions, attemptDelivery } from "./attempt.js";
import { claimDue } from "./deliveries.js";
import { fanOut } from "./fan-out.js";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry-policy.js";
import type { TargetPolicy } from "./target.js";

/** Options of the dispatcher; retry fields override DEFAULT_RETRY_POLICY. */
export interface DispatcherOptions extends Partial<RetryPolicy> {
  /** Pause between passes when idle (default 1000 ms). */
  intervalMs?: number;
  /** Timeout of one POST (default 10 000 ms). */
  timeoutMs?: number;
  /** How long a claim lasts before another pass may send again (default timeoutMs + 30 s). */
  leaseMs?: number;
  /** Deliveries claimed per pass (default 50). */
  batchSize?: number;
  /** Concurrent POSTs (default 8). */
  concurrency?: number;
  fetch?: typeof globalThis.fetch;
  /** Which targets may be called (default: `targetPolicyFrom(process.env)`). */
  targets?: TargetPolicy;
  random?: () => number;
  afterSend?: AttemptOptions["afterSend"];
  /** Errors of a pass (database down, a crash in afterSend); the loop goes on. Default: stderr. */
  onError?: (error: unknown) => void;
}

/** A running (or runnable) dispatcher. */
export interface Dispatcher {
  /** One pass: fan out, claim, send, record; resolves to the number of delivery attempts made. */
  runOnce(): Promise<number>;
  /** Stops the loop and waits for the pass in flight (bounded by the POST timeout). */
  stop(): Promise<void>;
}

/** Creates a dispatcher without starting its loop (for `--once` and tests). */
export function createDispatcher(
  store: { db: Kysely<Database> },
  options: DispatcherOptions = {},
): Dispatcher & { start(): void } {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const leaseMs = options.leaseMs ?? timeoutMs + 30_000;
  const batchSize = options.batchSize ?? 50;
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const intervalMs = options.intervalMs ?? 1000;
  const onError =
    options.onError ?? ((e: unknown) => process.stderr.write(`vreport deliver: ${String(e)}\n`));
  const attempt: AttemptOptions = {
    fetch: options.fetch ?? globalThis.fetch,
    ...(options.targets ? { targets: options.targets } : {}),
    timeoutMs,
    policy: {
      maxAttempts: options.maxAttempts ?? DEFAULT_RETRY_POLICY.maxAttempts,
      baseDelayMs: options.baseDelayMs ?? DEFAULT_RETRY_POLICY.baseDelayMs,
      maxDelayMs: options.maxDelayMs ?? DEFAULT_RETRY_POLICY.maxDelayMs,
      horizonMs: options.horizonMs ?? DEFAULT_RETRY_POLICY.horizonMs,
    },
    ...(options.random ? { random: options.random } : {}),
    ...(options.afterSend ? { afterSend: options.afterSend } : {}),
  };

  const runOnce = async (): Promise<number> => {
    while ((await fanOut(store.db)) > 0) {
      // drain the outbox first so this pass sends what was queued before it
    }
    const due = await claimDue(store.db, batchSize, leaseMs);
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let d = due[next++]; d; d = due[next++]) {
        try {
          await attemptDelivery(store.db, d, attempt);
        } catch (error) {
          // Left claimed: the lease expires and a later pass sends it again.
          onError(error);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, worker));
    return due.length;
  };

  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<number> | undefined;
  let stopped = false;
  const tick = async (): Promise<void> => {
    if (stopped) return;
    inFlight = runOnce().catch((error: unknown) => {
      onError(error);
      return 0;
    });
    const attempts = await inFlight;
    inFlight = undefined;
    if (!stopped) timer = setTimeout(tick, attempts >= batchSize ? 0 : intervalMs);
  };

  return {
    runOnce,
    start() {
      if (timer === undefined && inFlight === undefined && !stopped) timer = setTimeout(tick, 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await inFlight;
    },
  };
}

/** Starts a dispatcher loop; `stop()` it before closing the store. */
export function startDispatcher(
  store: { db: Kysely<Database> },
  options: DispatcherOptions = {},
): Dispatcher {
  const dispatcher = createDispatcher(store, options);
  dispatcher.start();
  return { runOnce: dispatcher.runOnce, stop: dispatcher.stop };
}
