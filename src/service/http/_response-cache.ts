import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";

/** A cached answer: the serialized body and its strong ETag. */
export interface CachedResponse {
  etag: string;
  body: string;
}

/**
 * Sizes of the response cache. Entries never go stale (their key holds the project's data version
 * and the as-of day, docs/api.md "Extensions to v1"): the bounds only limit memory.
 */
export interface ResponseCacheConfig {
  /**
   * Bound of the in-process cache, in bytes of bodies and keys (default 64 MiB); least recently
   * used go first. 0: no in-process level, every answer is read from Redis (or computed).
   */
  maxBytes: number;
  /** Largest body kept, in bytes (default 8 MiB): a bigger one is served, not cached. */
  maxEntryBytes: number;
  /** How long an entry lives in memory and in Redis (default 1 h): a day's keys stop being asked for at midnight. */
  ttlMs: number;
  /** Shared second level: every service process on this Redis reads what one of them computed. */
  redis?: Redis;
  /** A Redis command slower than this counts as a miss (default 250 ms): a sick Redis slows nothing. */
  redisTimeoutMs: number;
}

export const DEFAULT_RESPONSE_CACHE: ResponseCacheConfig = {
  maxBytes: 64 * 1024 * 1024,
  maxEntryBytes: 8 * 1024 * 1024,
  ttlMs: 60 * 60 * 1000,
  redisTimeoutMs: 250,
};

const REDIS_PREFIX = "vreport-cache:";

/**
 * Answers by cache key: an in-process LRU bounded in bytes (lru-cache), in front of Redis when
 * configured. Keys are immutable facts (a version change makes a new key), so the two levels can
 * never disagree and no invalidation message is needed. Concurrent misses of one key compute once.
 */
export class ResponseCache {
  private readonly memory: LRUCache<string, CachedResponse> | undefined;
  private readonly inFlight = new Map<string, Promise<CachedResponse>>();

  constructor(private readonly config: ResponseCacheConfig) {
    this.memory =
      config.maxBytes <= 0
        ? undefined
        : new LRUCache<string, CachedResponse>({
            maxSize: config.maxBytes,
            maxEntrySize: config.maxEntryBytes,
            sizeCalculation: (value, key) => Buffer.byteLength(value.body) + value.etag.length + key.length,
            ttl: config.ttlMs,
          });
  }

  /** The cached answer of `key`, else computes it once (however many ask meanwhile) and keeps it. */
  async getOrCompute(key: string, compute: () => Promise<CachedResponse>): Promise<CachedResponse> {
    const hit = this.memory?.get(key);
    if (hit) return hit;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const promise = (async () => {
      const shared = await this.fromRedis(key);
      if (shared) {
        this.memory?.set(key, shared);
        return shared;
      }
      const fresh = await compute();
      this.memory?.set(key, fresh);
      await this.toRedis(key, fresh);
      return fresh;
    })();
    this.inFlight.set(key, promise);
    try {
      return await promise;
    } finally {
      this.inFlight.delete(key);
    }
  }

  /** Bytes the in-process level holds now (for tests and diagnostics). */
  get bytes(): number {
    return this.memory?.calculatedSize ?? 0;
  }

  private async fromRedis(key: string): Promise<CachedResponse | undefined> {
    const redis = this.config.redis;
    if (!redis) return undefined;
    const raw = await this.withTimeout(redis.get(REDIS_PREFIX + key));
    if (typeof raw !== "string") return undefined;
    const newline = raw.indexOf("\n");
    return newline === -1 ? undefined : { etag: raw.slice(0, newline), body: raw.slice(newline + 1) };
  }

  private async toRedis(key: string, value: CachedResponse): Promise<void> {
    const redis = this.config.redis;
    if (!redis || Buffer.byteLength(value.body) > this.config.maxEntryBytes) return;
    await this.withTimeout(
      redis.set(REDIS_PREFIX + key, `${value.etag}\n${value.body}`, "PX", this.config.ttlMs),
    );
  }

  /** Redis is an optimisation: an error or a slow answer is a miss, never a failed request. */
  private async withTimeout<T>(command: Promise<T>): Promise<T | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), this.config.redisTimeoutMs);
    });
    try {
      return await Promise.race([command.catch(() => undefined), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
