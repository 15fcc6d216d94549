import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import type { Callers } from "./_callers.js";
import { ApiError } from "./api-error.js";

/**
 * Requests per window: `max` for each verified key (generous, since the generator fetches many
 * endpoints per report), `anonymousMax` for each client address whose key is missing or invalid.
 * With `redis`, every service process on that Redis shares the counters.
 */
export interface RateLimitConfig {
  max: number;
  timeWindowMs: number;
  anonymousMax: number;
  redis?: Redis;
}

export const DEFAULT_RATE_LIMIT: RateLimitConfig = { max: 600, timeWindowMs: 60_000, anonymousMax: 60 };

/**
 * Registers @fastify/rate-limit answering 429 4290 with `retry_after` and `Retry-After`. Buckets
 * are the verified key's id, or the client address when the key is missing or invalid: an unknown
 * key never gets a bucket of its own, so no flood of made-up keys can escape the limit or evict a
 * real key's counter (docs/api.md, "Envelope and errors": rate limits).
 */
export function registerRateLimit(app: FastifyInstance, config: RateLimitConfig, callers: Callers): void {
  const bucketOf = async (request: FastifyRequest): Promise<string> => {
    const caller = await callers.of(request);
    return caller ? `key:${caller.keyId}` : `ip:${request.ip}`;
  };
  // Not awaited: avvio loads plugins in order, so routes registered afterwards get its onRoute hook.
  app.register(rateLimit, {
    global: true,
    max: (_request: FastifyRequest, bucket: string) =>
      bucket.startsWith("ip:") ? config.anonymousMax : config.max,
    timeWindow: config.timeWindowMs,
    keyGenerator: bucketOf,
    ...(config.redis ? { redis: config.redis, nameSpace: "vreport-rate-limit:" } : {}),
    errorResponseBuilder: (_request, context) =>
      ApiError.rateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}
