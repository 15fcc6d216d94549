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
  /** `Retry-After` of a 503, in seconds. */
  retryAfterSeconds: number;
}

/**
 * Four computing (two cores: enough to overlap one request's queries with another's JavaScript),
 * 32 waiting (about 1.5 s of reports at PostgreSQL scale 10, BENCHMARKS.md), a quarter of them
 * per key: a storming key leaves three quarters of the queue to the others.
 */
export const DEFAULT_WORK_POOL: WorkPoolConfig = {
  concurrency: 4,
  queue: 32,
  queuePerKey: 8,
  retryAfterSeconds: 1,
};

/** The pool and queue are full (or the key's share of the queue is): answer 503. */
export class PoolFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("the expensive lane is full");
    this.name = "PoolFullError";
  }
}

/** The caller's signal fired while its work waited: the work never started. */
export class WorkAbortedError extends Error {
  constructor() {
    super("the request was abandoned before its work started");
    this.name = "WorkAbortedError";
  }
}

/** Counters since the pool was made (tests and diagnostics read them). */
export interface WorkPoolStats {
  /** Work started. */
  started: number;
  /** Work finished (resolved or thrown). */
  finished: number;
  /** Refused with PoolFullError. */
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
  drop(): void;
}

/**
 * A bounded pool with a bounded queue, fair between keys: each key waits in its own FIFO, and a
 * freed slot goes to the key that has waited least recently served (round robin), so a key that
 * fills its share of the queue delays another key's request by at most one slot's turn, not by
 * its whole backlog. A key alone may use every slot (nothing is kept idle for keys that do not ask).
 */
export class WorkPool {
  private running = 0;
  private queued = 0;
  // Insertion order is the round robin: a served key with more waiting moves to the back.
  private readonly waiting = new Map<string, Waiting[]>();
  private readonly counts = { started: 0, finished: 0, shed: 0, dropped: 0 };

  constructor(readonly config: WorkPoolConfig) {}

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
    if (this.running < this.config.concurrency && this.queued === 0) return this.start(work);
    const mine = this.waiting.get(key);
    if (this.queued >= this.config.queue || (mine?.length ?? 0) >= this.config.queuePerKey) {
      this.counts.shed++;
      return Promise.reject(new PoolFullError(this.config.retryAfterSeconds));
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => entry.drop();
      const entry: Waiting = {
        start: () => {
          signal.removeEventListener("abort", onAbort);
          this.start(work).then(resolve, reject);
        },
        drop: () => {
          const queue = this.waiting.get(key);
          const at = queue?.indexOf(entry) ?? -1;
          if (!queue || at === -1) return;
          queue.splice(at, 1);
          if (queue.length === 0) this.waiting.delete(key);
          this.queued--;
          this.counts.dropped++;
          reject(new WorkAbortedError());
        },
      };
      signal.addEventListener("abort", onAbort, { once: true });
      if (mine) mine.push(entry);
      else this.waiting.set(key, [entry]);
      this.queued++;
    });
  }

  /** Counters and current occupancy. */
  get stats(): WorkPoolStats {
    return { ...this.counts, running: this.running, queued: this.queued };
  }

  private async start<T>(work: () => Promise<T>): Promise<T> {
    this.running++;
    this.counts.started++;
    try {
      return await work();
    } finally {
      this.running--;
      this.counts.finished++;
      this.next();
    }
  }

  private next(): void {
    while (this.running < this.config.concurrency) {
      const first = this.waiting.entries().next();
      if (first.done) return;
      const [key, queue] = first.value;
      const entry = queue.shift() as Waiting;
      this.queued--;
      this.waiting.delete(key);
      if (queue.length > 0) this.waiting.set(key, queue);
      entry.start();
    }
  }
}
