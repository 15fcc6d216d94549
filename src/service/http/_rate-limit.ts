import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { hashKey } from "../keys/_key-format.js";
import { presentedKey } from "./_auth.js";
import { ApiError } from "./api-error.js";

/** Requests per window per key; generous, since the generator fetches many endpoints per report. */
export interface RateLimitConfig {
  max: number;
  timeWindowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitConfig = { max: 600, timeWindowMs: 60_000 };

/** Buckets by key hash (the key itself never becomes a map key), by client address without a key. */
function bucketOf(request: FastifyRequest): string {
  const key = presentedKey(request);
  return key === undefined ? `ip:${request.ip}` : `key:${hashKey(key)}`;
}

/** Registers @fastify/rate-limit answering 429 4290 with `retry_after` and `Retry-After`. */
export function registerRateLimit(app: FastifyInstance, config: RateLimitConfig): void {
  // Not awaited: avvio loads plugins in order, so routes registered afterwards get its onRoute hook.
  app.register(rateLimit, {
    global: true,
    max: config.max,
    timeWindow: config.timeWindowMs,
    keyGenerator: bucketOf,
    errorResponseBuilder: (_request, context) =>
      ApiError.rateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}
