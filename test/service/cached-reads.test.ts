import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { sql } from "kysely";
import { afterEach, beforeEach, expect, it } from "vitest";
import { API_PREFIX } from "../../src/contract/index.js";
import { refreshAggregates } from "../../src/service/analytics/index.js";
import { type AppOptions, createApp } from "../../src/service/http/app.js";
import { ingestFile } from "../../src/service/ingest/index.js";
import { createKey } from "../../src/service/keys/index.js";
import type { Store } from "../../src/service/store/db.js";
import { baseRecords, ndjson, PROJECT, PROMPT_RECORD, promptAnswer, WS } from "../ingest/_records.js";
import { REDIS_URL, redisAvailable } from "../jobs/_redis.js";
import { describeDatabases, openTestStore } from "../store/_databases.js";

const redisUp = await redisAvailable();
const OVERVIEW = `${API_PREFIX}/visibility/overview?project_id=${PROJECT}&range=7d`;

/** ETags, 304s and the analytics response cache, keyed by data version and as-of day. */
describeDatabases("cached reads and conditional requests", (kind) => {
  let store: Store;
  let key: string;
  // 2025-03-16 23:30 in New York (EDT, UTC−4): the as-of day is the 16th there, the 17th in UTC.
  let clock = new Date("2025-03-17T03:30:00Z");
  const apps: FastifyInstance[] = [];
  const app = (options: Partial<AppOptions> = {}) => {
    const a = createApp({ store, logger: false, rateLimit: false, now: () => clock, ...options });
    apps.push(a);
    return a;
  };
  const get = async (a: FastifyInstance, url: string, headers: Record<string, string> = {}) => {
    const r = await a.inject({ url, headers: { authorization: `Bearer ${key}`, ...headers } });
    return { status: r.statusCode, etag: r.headers.etag as string, body: r.body, json: () => r.json() };
  };
  /** The overview's mention rate without its interval statistics (another suite pins those). */
  const withoutStats = ({ stats: _stats, ...metric }: { stats?: unknown }) => metric;
  const mentionRate = async (a: FastifyInstance) =>
    withoutStats((await get(a, OVERVIEW)).json().data.mention_rate);

  beforeEach(async () => {
    clock = new Date("2025-03-17T03:30:00Z");
    store = await openTestStore(kind);
    await ingestFile(
      store,
      ndjson([...baseRecords(), PROMPT_RECORD, promptAnswer(1, "2025-03-10T15:00:00Z", true)]),
    );
    key = (await createKey(store, { workspaceId: WS, scopes: ["visibility:read", "workspace:read"] })).key;
  });
  afterEach(async () => {
    for (const a of apps.splice(0)) await a.close();
    await store.close();
  });

  it("gives every GET a strong ETag; If-None-Match with it answers 304 without a body", async () => {
    const a = app();
    for (const url of [
      OVERVIEW,
      `${API_PREFIX}/projects`,
      `${API_PREFIX}/visibility/setup?project_id=${PROJECT}`,
    ]) {
      const first = await get(a, url);
      expect(first.status, url).toBe(200);
      expect(first.etag, url).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
      const again = await get(a, url, { "if-none-match": first.etag });
      expect([again.status, again.body, again.etag], url).toEqual([304, "", first.etag]);
      // Weak comparison (RFC 9110) and lists; another tag gets the body.
      expect((await get(a, url, { "if-none-match": `"x", W/${first.etag}` })).status, url).toBe(304);
      const other = await get(a, url, { "if-none-match": '"not-it"' });
      expect([other.status, other.body], url).toEqual([200, first.body]);
    }
    // Errors carry no ETag.
    expect((await get(a, `${API_PREFIX}/visibility/overview?range=7d`)).etag).toBeUndefined();
  });

  it("reflects an ingest in the very next request, with a new ETag", async () => {
    const a = app();
    const before = await get(a, OVERVIEW);
    // One answer on the 10th, mentioned: current period 10th–16th.
    expect(withoutStats(before.json().data.mention_rate)).toEqual({ current: 1, previous: 0, delta: 1 });
    await ingestFile(store, ndjson([promptAnswer(2, "2025-03-12T15:00:00Z", false)]));
    const after = await get(a, OVERVIEW, { "if-none-match": before.etag });
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(before.etag);
    expect(withoutStats(after.json().data.mention_rate)).toEqual({ current: 0.5, previous: 0, delta: 0.5 });
  });

  it("answers with an ingest's rows when the ingest stopped before its refresh (crash consistency)", async () => {
    const a = app();
    expect(await mentionRate(a)).toEqual({ current: 1, previous: 0, delta: 1 });
    // Written and committed, then nothing: what a process killed before its refresh leaves.
    await ingestFile(store, ndjson([promptAnswer(2, "2025-03-12T15:00:00Z", false)]), {
      refreshAggregates: false,
    });
    expect(await mentionRate(a)).toEqual({ current: 0.5, previous: 0, delta: 0.5 });
    expect(await mentionRate(app({ cache: false }))).toEqual({ current: 0.5, previous: 0, delta: 0.5 });
  });

  it("serves the cached answer until the project's data version moves", async () => {
    const a = app();
    const first = await get(a, OVERVIEW);
    // A write that bypasses the writers (and so the version) is not seen: the answer is cached.
    await sql`UPDATE answers SET brand_mentioned = false`.execute(store.db);
    await refreshAggregates(store.db, PROJECT);
    expect((await get(a, OVERVIEW)).body).toBe(first.body);
    expect((await get(a, OVERVIEW, { "if-none-match": first.etag })).status).toBe(304);
    // The same query in another order and with the default range spelled out shares the entry.
    const reordered = `${API_PREFIX}/visibility/overview?range=7d&project_id=${PROJECT}`;
    expect((await get(a, reordered)).body).toBe(first.body);
    // An app without the cache computes every time.
    expect(await mentionRate(app({ cache: false }))).toEqual({ current: 0, previous: 0, delta: 0 });
    // Ingesting a workspace change moves every project of the workspace on.
    const [workspace] = baseRecords() as { type: string; data: object }[];
    await ingestFile(store, ndjson([{ ...workspace, data: { ...workspace?.data, name: "Renamed" } }]));
    expect(await mentionRate(a)).toEqual({ current: 0, previous: 0, delta: 0 });
  });

  it("moves a rolling range on at midnight in the workspace's timezone, without any write", async () => {
    const a = app();
    expect(await mentionRate(a)).toEqual({ current: 1, previous: 0, delta: 1 });
    // 23:59 in New York: still the 16th (though the 17th in UTC since 20:00).
    clock = new Date("2025-03-17T03:59:00Z");
    expect(await mentionRate(a)).toEqual({ current: 1, previous: 0, delta: 1 });
    // 00:30 on the 17th in New York: the current period is 11th–17th, the 10th is in the previous one.
    clock = new Date("2025-03-17T04:30:00Z");
    const moved = await get(a, OVERVIEW);
    expect(withoutStats(moved.json().data.mention_rate)).toEqual({ current: 0, previous: 1, delta: -1 });
  });

  // Without Redis this one is skipped locally; in CI a missing Redis fails the run (test/jobs/_redis.ts).
  it.runIf(redisUp)(
    "shares the cache and its invalidation between two service processes on one Redis",
    async () => {
      const redisA = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
      const redisB = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
      try {
        const a = app({ cache: { redis: redisA } });
        const b = app({ cache: { redis: redisB } });
        const first = await get(a, OVERVIEW);
        // B never computed it: after a write that bypasses the version, B still answers what A cached.
        await sql`UPDATE answers SET brand_mentioned = false`.execute(store.db);
        await refreshAggregates(store.db, PROJECT);
        const fromB = await get(b, OVERVIEW, { "if-none-match": first.etag });
        expect([fromB.status, fromB.etag]).toEqual([304, first.etag]);
        expect((await get(b, OVERVIEW)).body).toBe(first.body);
        // An ingest through either process's store is seen by both.
        await ingestFile(store, ndjson([promptAnswer(2, "2025-03-12T15:00:00Z", false)]));
        const expected = { current: 0, previous: 0, delta: 0 };
        expect([await mentionRate(a), await mentionRate(b)]).toEqual([expected, expected]);
      } finally {
        redisA.disconnect();
        redisB.disconnect();
      }
    },
  );
});
