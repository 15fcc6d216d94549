import { VreportError } from "../../contract/index.js";
/**
 * Sizes of the expensive lane (docs/api.md, "Load shedding"): how many expensive requests compute
 * at once in this process, how many may wait, and how many of the waiting ones one key may hold.
 */
export interface WorkPoolConfig {
  /** Expensive requests computing at once. */
  concurrency: number;
  /** Expensive requests waiting for a slot, all keys together; one more is answered 503. */
  queue: number;
  /** Waiting requests of one key (its share of the queue); one more of that key is answered 503. */
  queuePerKey: number;
  /**
   * Slots one key may hold at once (default: all but one): the slot left over is there for the
   * next key that asks, so another key's request starts at once instead of waiting for a storming
   * key's work to finish.
   */
  perKeyRunning?: number;
  /**
   * Longest wait in the queue, in ms (default 2 s): work not started by then is answered 503 like
   * work that found the queue full, so a request waits a bounded time whatever the computations cost.
   */
  maxWaitMs?: number;
  /** `Retry-After` of a 503, in seconds. */
  retryAfterSeconds: number;
  /**
   * Longest time from an expensive request's arrival to the end of its work, waiting included,
   * in ms (default 4 s): work still running then stops at its next query (PostgreSQL: the query
   * is cancelled) and the request is answered 503, so an overloaded server answers every request
   * within about 5 s however slow the computations have become (docs/api.md, "Load shedding").
   */
  deadlineMs?: number;
}

const DEFAULT_MAX_WAIT_MS = 2_000;
export const DEFAULT_DEADLINE_MS = 4_000;

/**
 * Four computing (two cores: enough to overlap one request's queries with another's JavaScript),
 * 32 waiting (about 1.5 s of reports at PostgreSQL scale 10, BENCHMARKS.md), a quarter of them
 * per key: a storming key leaves three quarters of the queue to the others.
 */
export const DEFAULT_WORK_POOL: WorkPoolConfig = {
  concurrency: 4,
  queue: 32,
  queuePerKey: 8,
  maxWaitMs: DEFAULT_MAX_WAIT_MS,
  retryAfterSeconds: 1,
};

/**
 * For a store whose queries run in this process (`Store.capacity.inProcess`: PGlite runs every
 * query on one WebAssembly thread, the server's own): reports computing at once only interleave,
 * each taking as much longer. Two at once (one per key at most) keeps a storming key to one slot,
 * so another key's report waits for at most one other computation; 16 waiting, 4 per key.
 */
export const IN_PROCESS_WORK_POOL: WorkPoolConfig = {
  concurrency: 2,
  queue: 16,
  queuePerKey: 4,
  perKeyRunning: 1,
  maxWaitMs: DEFAULT_MAX_WAIT_MS,
  retryAfterSeconds: 1,
};

/** The pool and queue are full (or the key's share of the queue is): answer 503. */
export class PoolFullError extends VreportError {
  constructor(readonly retryAfterSeconds: number) {
    super("the expensive lane is full");
  }
}

/** The caller's signal fired while its work waited: the work never started. */
export class WorkAbortedError extends VreportError {
  constructor() {
    super("the request was abandoned before its work started");
  }
}

/** Counters since the pool was made (tests and diagnostics read them). */
export interface WorkPoolStats {
  /** Work started. */
  started: number;
  /** Work finished (resolved or thrown). */
  finished: number;
  /** Refused with PoolFullError (at the door, or after waiting `maxWaitMs`). */
  shed: number;
  /** Taken out of the queue (or refused at the door) because its signal fired. */
  dropped: number;
  /** Computing now. */
  running: number;
  /** Waiting now. */
  queued: number;
}

interface Waiting {
  start(): void;
  /** Leaves the queue, rejecting with `error`; counted as `counter`. */
  leave(error: Error, counter: "dropped" | "shed"): void;
}

/**
 * A bounded pool with a bounded queue, fair between keys: each key waits in its own FIFO, and a
 * freed slot goes to the key that has waited least recently served (round robin), so a key that
 * fills its share of the queue delays another key's request by at most one slot's turn, not by
 * its whole backlog. A key holds at most `perKeyRunning` slots (all but one by default), so a
 * newcomer finds a slot free even while one key storms.
 */
export class WorkPool {
  private running = 0;
  private queued = 0;
  // Insertion order is the round robin: a served key with more waiting moves to the back.
  private readonly waiting = new Map<string, Waiting[]>();
  private readonly counts = { started: 0, finished: 0, shed: 0, dropped: 0 };
  private readonly runningByKey = new Map<string, number>();
  private readonly keyCap: number;

  constructor(readonly config: WorkPoolConfig) {
    this.keyCap = config.perKeyRunning ?? Math.max(1, config.concurrency - 1);
  }

  /**
   * Runs `work` now if a slot is free, else queues it under `key`; rejects with PoolFullError when
   * the queue (or the key's share of it) is full, and with WorkAbortedError when `signal` fires
   * before the work starts (the work is then never called).
   */
  run<T>(key: string, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    if (signal.aborted) {
      this.counts.dropped++;
      return Promise.reject(new WorkAbortedError());
    }
    // Waiting work is only ever work that may not start yet (next() starts the rest at once).
    if (this.running < this.config.concurrency && this.canStart(key)) return this.start(key, work);
    const mine = this.waiting.get(key);
    if (this.queued >= this.config.queue || (mine?.length ?? 0) >= this.config.queuePerKey) {
      this.counts.shed++;
      return Promise.reject(new PoolFullError(this.config.retryAfterSeconds));
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => entry.leave(new WorkAbortedError(), "dropped");
      const timer = setTimeout(
        () => entry.leave(new PoolFullError(this.config.retryAfterSeconds), "shed"),
        this.config.maxWaitMs ?? DEFAULT_MAX_WAIT_MS,
      );
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
      };
      const entry: Waiting = {
        start: () => {
          done();
          this.start(key, work).then(resolve, reject);
        },
        leave: (error, counter) => {
          const queue = this.waiting.get(key);
          const at = queue?.indexOf(entry) ?? -1;
          if (!queue || at === -1) return;
          done();
          queue.splice(at, 1);
          if (queue.length === 0) this.waiting.delete(key);
          this.queued--;
          this.counts[counter]++;
          reject(error);
        },
      };
      signal.addEventListener("abort", onAbort, { once: true });
      if (mine) mine.push(entry);
      else this.waiting.set(key, [entry]);
      this.queued++;
    });
  }

  /**
   * Whether `run` under `key` would be accepted now (start or wait); when it would not, the request
   * is refused before any other work (counted as shed), so a storm's surplus costs no query.
   */
  admit(key: string): boolean {
    const ok =
      (this.running < this.config.concurrency && this.canStart(key)) ||
      (this.queued < this.config.queue && (this.waiting.get(key)?.length ?? 0) < this.config.queuePerKey);
    if (!ok) this.counts.shed++;
    return ok;
  }

  /** Counters and current occupancy. */
  get stats(): WorkPoolStats {
    return { ...this.counts, running: this.running, queued: this.queued };
  }

  private canStart(key: string): boolean {
    return (this.runningByKey.get(key) ?? 0) < this.keyCap;
  }

  private async start<T>(key: string, work: () => Promise<T>): Promise<T> {
    this.running++;
    this.runningByKey.set(key, (this.runningByKey.get(key) ?? 0) + 1);
    this.counts.started++;
    try {
      return await work();
    } finally {
      this.running--;
      const left = (this.runningByKey.get(key) ?? 1) - 1;
      if (left === 0) this.runningByKey.delete(key);
      else this.runningByKey.set(key, left);
      this.counts.finished++;
      this.next();
    }
  }

  /** Starts waiting work while slots are free: keys in turn, skipping those holding their share. */
  private next(): void {
    while (this.running < this.config.concurrency) {
      let found: [string, Waiting[]] | undefined;
      for (const entry of this.waiting) {
        if (this.canStart(entry[0])) {
          found = entry;
          break;
        }
      }
      if (!found) return;
      const [key, queue] = found;
      const entry = queue.shift() as Waiting;
      this.queued--;
      this.waiting.delete(key);
      if (queue.length > 0) this.waiting.set(key, queue);
      entry.start();
    }
  }
}
