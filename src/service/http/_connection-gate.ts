import type { Store } from "../store/db.js";
import { ApiError } from "./api-error.js";

/** Connections of the store kept for the cheap lane (key and project lookups, /projects…). */
const RESERVED_FOR_CHEAP = 2;

/**
 * How many of the store's connections expensive work may hold at once: all of them less a few, so
 * a cheap request always finds a connection instead of queueing in the pool behind reports'
 * queries (docs/api.md, "Load shedding"). Waiters leave when their request is abandoned.
 */
export class ConnectionGate {
  private free: number;
  private readonly waiters: Array<() => void> = [];

  constructor(readonly size: number) {
    this.free = size;
  }

  /** The gate for `store`'s connections, or undefined with one (PGlite's session: nothing to share out). */
  static of(store: Store): ConnectionGate | undefined {
    const { connections } = store.capacity;
    if (connections <= 1) return undefined;
    return new ConnectionGate(Math.max(1, connections - RESERVED_FOR_CHEAP));
  }

  /** Waits for a connection's turn; rejects with the 499 error if `signal` fires first. */
  enter(signal: AbortSignal): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const at = this.waiters.indexOf(go);
        if (at !== -1) this.waiters.splice(at, 1);
        reject(ApiError.clientClosed());
      };
      const go = () => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      };
      signal.addEventListener("abort", onAbort, { once: true });
      this.waiters.push(go);
    });
  }

  /** Gives a turn back: to the next waiter, else to the free count. */
  leave(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.free++;
  }
}
