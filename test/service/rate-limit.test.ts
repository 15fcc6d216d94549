import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/service/http/app.js";
import type { Store } from "../../src/service/store/db.js";
import { REDIS_URL, redisAvailable } from "../jobs/_redis.js";
import { type KeyedStore, openKeyedStore } from "./_keyed-store.js";

const URL = "/core/api/external/v1/workspace";
const redisUp = await redisAvailable();
const junk = () => `vr_${randomBytes(24).toString("hex")}`;
const status = async (app: FastifyInstance, key: string) =>
  (await app.inject({ url: URL, headers: { authorization: `Bearer ${key}` } })).statusCode;

/** Buckets by verified key; missing or invalid keys share their address's small budget. */
describe("fair rate limits", () => {
  let keyed: KeyedStore;
  let store: Store;
  let key: string;
  let other: string;
  beforeAll(async () => {
    keyed = await openKeyedStore();
    store = keyed.store;
    key = await keyed.mint(["workspace:read"]);
    other = await keyed.mint(["workspace:read"]);
  });
  afterAll(async () => {
    await store.close();
  });

  it("answers a flood of made-up keys 429 once the address's small budget is spent", async () => {
    const app = createApp({
      store,
      logger: false,
      rateLimit: { max: 3, timeWindowMs: 60_000, anonymousMax: 5 },
    });
    const statuses = [];
    for (let i = 0; i < 20; i++) statuses.push(await status(app, junk()));
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
    const r = await app.inject({ url: URL, headers: { authorization: `Bearer ${junk()}` } });
    expect(r.json()).toMatchObject({ code: 4290, data: { retry_after: expect.any(Number) } });
    expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
    // A real key is not held back by the flood from its address.
    expect(await status(app, key)).toBe(200);
    await app.close();
  });

  it("keeps a real key's counter through 10,000 made-up keys", async () => {
    const app = createApp({
      store,
      logger: false,
      rateLimit: { max: 3, timeWindowMs: 60_000, anonymousMax: 5 },
    });
    expect([await status(app, key), await status(app, key)]).toEqual([200, 200]);
    for (let i = 0; i < 10_000; i++) await status(app, junk());
    // Not reset (a third request is its last) and not evicted (the fourth is refused).
    expect([await status(app, key), await status(app, key)]).toEqual([200, 429]);
    expect(await status(app, other)).toBe(200);
    await app.close();
  }, 120_000);

  // Without Redis this one is skipped locally; in CI a missing Redis fails the run (test/jobs/_redis.ts).
  it.runIf(redisUp)("shares a key's limit between two service processes on one Redis", async () => {
    const redisA = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    const redisB = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    // A new key: its id names its counters in Redis, so no other run or test shares them.
    const shared = { key: await keyed.mint(["workspace:read"]) };
    const config = (redis: Redis) => ({ max: 3, timeWindowMs: 60_000, anonymousMax: 5, redis });
    const a = createApp({ store, logger: false, rateLimit: config(redisA) });
    const b = createApp({ store, logger: false, rateLimit: config(redisB) });
    try {
      const statuses = [
        await status(a, shared.key),
        await status(b, shared.key),
        await status(a, shared.key),
      ];
      expect(statuses).toEqual([200, 200, 200]);
      expect(await status(b, shared.key)).toBe(429);
      expect(await status(a, shared.key)).toBe(429);
    } finally {
      await a.close();
      await b.close();
      redisA.disconnect();
      redisB.disconnect();
    }
  });
});
