import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { DEFAULT_RESPONSE_CACHE, ResponseCache } from "../../src/service/http/_response-cache.js";
import { REDIS_URL, redisAvailable } from "../jobs/_redis.js";

const redisUp = await redisAvailable();

/** A body of `n` bytes and a compute that counts its calls. */
function counted(n: number) {
  const calls = { n: 0 };
  const compute = async () => {
    calls.n++;
    return { etag: '"t"', body: "x".repeat(n) };
  };
  return { calls, compute };
}

describe("response cache memory bound", () => {
  it("keeps at most maxBytes of bodies and keys, forgetting the least recently used first", async () => {
    // Each entry: 300-byte body + 3-byte etag + 2-byte key = 305 bytes; 1,000 bytes hold three.
    const cache = new ResponseCache({ ...DEFAULT_RESPONSE_CACHE, maxBytes: 1_000 });
    const { calls, compute } = counted(300);
    for (const key of ["k1", "k2", "k3", "k4"]) await cache.getOrCompute(key, compute);
    expect(calls.n).toBe(4);
    expect(cache.bytes).toBe(915);
    await cache.getOrCompute("k4", compute);
    await cache.getOrCompute("k2", compute);
    expect(calls.n).toBe(4);
    await cache.getOrCompute("k1", compute);
    expect(calls.n).toBe(5);
    expect(cache.bytes).toBeLessThanOrEqual(1_000);
  });

  it("serves a body over maxEntryBytes without keeping it", async () => {
    const cache = new ResponseCache({ ...DEFAULT_RESPONSE_CACHE, maxBytes: 10_000, maxEntryBytes: 500 });
    const { calls, compute } = counted(600);
    expect((await cache.getOrCompute("big", compute)).body).toHaveLength(600);
    await cache.getOrCompute("big", compute);
    expect([calls.n, cache.bytes]).toEqual([2, 0]);
  });

  it("computes an answer once however many requests ask for it meanwhile", async () => {
    const cache = new ResponseCache(DEFAULT_RESPONSE_CACHE);
    const { calls, compute } = counted(10);
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.getOrCompute("k", compute)));
    expect(calls.n).toBe(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it("keeps nothing in the process when maxBytes is 0: without Redis every answer is computed", async () => {
    const cache = new ResponseCache({ ...DEFAULT_RESPONSE_CACHE, maxBytes: 0 });
    const { calls, compute } = counted(10);
    await cache.getOrCompute("k", compute);
    await cache.getOrCompute("k", compute);
    expect([calls.n, cache.bytes]).toEqual([2, 0]);
  });

  // Without Redis this one is skipped locally; in CI a missing Redis fails the run (test/jobs/_redis.ts).
  it.runIf(redisUp)("with maxBytes 0 and Redis, answers come from Redis alone", async () => {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      const cache = new ResponseCache({ ...DEFAULT_RESPONSE_CACHE, maxBytes: 0, redis });
      const { calls, compute } = counted(10);
      const key = `test:${randomUUID()}`;
      const first = await cache.getOrCompute(key, compute);
      const second = await cache.getOrCompute(key, compute);
      expect([calls.n, cache.bytes, second]).toEqual([1, 0, first]);
      await redis.del(`vreport-cache:${key}`);
    } finally {
      redis.disconnect();
    }
  });
});
