import type { EndpointId } from "../../contract/index.js";
import { CACHED_ENDPOINTS } from "./_cache-key.js";
import { PoolFullError, WorkAbortedError, type WorkPool } from "./_work-pool.js";
import { ApiError } from "./api-error.js";

/**
 * The expensive lane: the analytics endpoints, whose answers are computed over the project's
 * answers and aggregates (the report most of all). They are also the cached ones: a cached answer
 * costs no slot, only a computation does. Every other endpoint (/projects, /workspace,
 * /visibility/setup, content map, content, event catalog) reads a few rows by key and runs at
 * once, never behind expensive work (docs/api.md, "Load shedding").
 */
export const EXPENSIVE_ENDPOINTS: ReadonlySet<EndpointId> = CACHED_ENDPOINTS;

/** Whether an error says the request's own client went away (nothing is sent, nothing is logged). */
export function isClientClosed(error: unknown): boolean {
  return error instanceof ApiError && error.status === 499;
}

/**
 * Runs an expensive request's work in `pool` under its key: 503 5030 with `Retry-After` when the
 * lane is full, 499 when the client left while it waited (the work never started).
 */
export async function inExpensiveLane<T>(
  pool: WorkPool,
  keyId: string,
  signal: AbortSignal,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await pool.run(keyId, signal, work);
  } catch (error) {
    if (error instanceof PoolFullError) throw ApiError.overloaded(error.retryAfterSeconds);
    if (error instanceof WorkAbortedError) throw ApiError.clientClosed();
    throw error;
  }
}

/**
 * Refuses an expensive request at once (503) when the lane could not take it: before the project
 * lookup, so a storm's surplus costs no query. A cached answer is refused too while the key's share
 * (or the whole queue) is full: finding out would cost the lookup the refusal saves.
 */
export function admitExpensive(pool: WorkPool, keyId: string): void {
  if (!pool.admit(keyId)) throw ApiError.overloaded(pool.config.retryAfterSeconds);
}
