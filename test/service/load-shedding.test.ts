import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { API_PREFIX } from "../../src/contract/index.js";
import { abortableStore } from "../../src/service/http/_abortable-store.js";
import { WorkPool } from "../../src/service/http/_work-pool.js";
import { createApp } from "../../src/service/http/app.js";
import { ingestFile } from "../../src/service/ingest/index.js";
import { createKey } from "../../src/service/keys/index.js";
import type { Store } from "../../src/service/store/db.js";
import { baseRecords, ndjson, PROJECT, PROMPT_RECORD, promptAnswer, WS } from "../ingest/_records.js";
import { describeDatabases, openTestStore, poolOf } from "../store/_databases.js";
import { gate, until } from "./_gate.js";

// A full garbage collection on demand, without starting the test runner with --expose-gc.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;
const OVERVIEW = `/visibility/overview?project_id=${PROJECT}&range=7d`;
const ENVELOPE_503 = {
  code: 5030,
  messages: "server busy: retry after the given seconds",
  data: { retry_after: 1 },
};

/** The expensive lane over a real socket, on both databases. */
describeDatabases("load shedding and abandoned work", (kind) => {
  let store: Store;
  let app: FastifyInstance;
  let origin: string;
  // Tiny on purpose: one computing, three waiting, two of them at most from one key.
  const pool = new WorkPool({ concurrency: 1, queue: 3, queuePerKey: 2, retryAfterSeconds: 1 });
  const keys = { a: "", b: "", c: "" };

  /** The service over `store` with lane `lane`, listening; no response cache, so every overview is computed and needs a slot. */
  async function listening(lane: WorkPool): Promise<{ app: FastifyInstance; origin: string }> {
    const served = createApp({
      store,
      logger: false,
      rateLimit: false,
      cache: false,
      loadShedding: lane,
      now: () => new Date("2025-03-17T12:00:00Z"),
    });
    await served.listen({ port: 0, host: "127.0.0.1" });
    const address = served.server.address();
    return {
      app: served,
      origin: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
    };
  }

  beforeAll(async () => {
    store = await openTestStore(kind);
    await ingestFile(
      store,
      ndjson([...baseRecords(), PROMPT_RECORD, promptAnswer(1, "2025-03-10T15:00:00Z", true)]),
    );
    for (const name of ["a", "b", "c"] as const)
      keys[name] = (
        await createKey(store, { workspaceId: WS, scopes: ["visibility:read", "workspace:read"] })
      ).key;
    ({ app, origin } = await listening(pool));
  });
  afterAll(async () => {
    // The aborted requests' sockets are not idle to the server: close them rather than wait for
    // Fastify's 72 s keep-alive timeout (the file used to spend 140 s here).
    app?.server.closeAllConnections();
    await app?.close();
    await store?.close();
  });

  const get = async (key: string, path: string, signal?: AbortSignal) => {
    const r = await fetch(origin + API_PREFIX + path, {
      headers: { authorization: `Bearer ${key}` },
      ...(signal ? { signal } : {}),
    });
    return { status: r.status, retryAfter: r.headers.get("retry-after"), body: await r.json() };
  };
  /** Occupies the pool's one slot until `open` is called. */
  const holdSlot = () => {
    const g = gate();
    const held = pool.run("test", new AbortController().signal, () => g.promise);
    return { release: g.open, held };
  };

  it("answers 503 with Retry-After and the envelope beyond the queue and beyond a key's share; cheap endpoints answer meanwhile", async () => {
    const before = pool.stats;
    const slot = holdSlot();
    const a1 = get(keys.a, OVERVIEW);
    await until(() => pool.stats.queued === 1, "a1 queued");
    const a2 = get(keys.a, OVERVIEW);
    await until(() => pool.stats.queued === 2, "a2 queued");
    // Key a holds its share (2): its third request is refused while the queue still has room.
    expect(await get(keys.a, OVERVIEW)).toEqual({ status: 503, retryAfter: "1", body: ENVELOPE_503 });
    const b1 = get(keys.b, OVERVIEW);
    await until(() => pool.stats.queued === 3, "b1 queued");
    // The queue is full: key c is refused although it has nothing waiting.
    expect(await get(keys.c, OVERVIEW)).toEqual({ status: 503, retryAfter: "1", body: ENVELOPE_503 });
    // The cheap lane never waits behind the expensive one.
    const projects = await get(keys.c, "/projects");
    expect(projects.status).toBe(200);
    expect(projects.body.data.projects.map((p: { id: string }) => p.id)).toEqual([PROJECT]);
    expect((await get(keys.c, `/visibility/setup?project_id=${PROJECT}`)).status).toBe(200);
    expect((await get(keys.c, "/workspace")).status).toBe(200);
    expect(pool.stats).toMatchObject({ running: 1, queued: 3, shed: before.shed + 2 });
    slot.release();
    await slot.held;
    const answered = await Promise.all([a1, a2, b1]);
    expect(answered.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answered[0]?.body).toEqual(answered[2]?.body);
    expect(pool.stats).toMatchObject({ running: 0, queued: 0, started: before.started + 4 });
  });

  it("answers a burst 200 or 503, never anything else", async () => {
    const before = pool.stats;
    const statuses = await Promise.all(
      Array.from({ length: 24 }, (_, i) => get([keys.a, keys.b, keys.c][i % 3] as string, OVERVIEW)),
    );
    const shed = statuses.filter((r) => r.status === 503);
    expect(statuses.filter((r) => r.status === 200).length + shed.length).toBe(24);
    for (const r of shed) expect(r).toEqual({ status: 503, retryAfter: "1", body: ENVELOPE_503 });
    expect(pool.stats.shed - before.shed).toBe(shed.length);
    expect(pool.stats.started - before.started).toBe(24 - shed.length);
  });

  it("takes a disconnected client's queued request out of the queue: it never runs", async () => {
    const before = pool.stats;
    const slot = holdSlot();
    const client = new AbortController();
    const abandoned = get(keys.a, OVERVIEW, client.signal).catch((e: Error) => e.name);
    await until(() => pool.stats.queued === 1, "queued");
    client.abort();
    expect(await abandoned).toBe("AbortError");
    await until(() => pool.stats.dropped === before.dropped + 1, "dropped");
    expect(pool.stats.queued).toBe(0);
    slot.release();
    await slot.held;
    // Only the slot's holder started: the abandoned request's work was never called.
    expect(pool.stats).toMatchObject({ started: before.started + 1, finished: before.finished + 1 });
    expect((await get(keys.a, OVERVIEW)).status).toBe(200);
    expect(pool.stats.started).toBe(before.started + 2);
  });

  it("stops a running request's queries once its client is gone", async () => {
    const client = new AbortController();
    const db = abortableStore(store, client.signal).db;
    expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(db)).rows).toEqual([{ one: 1 }]);
    client.abort();
    // The next query is refused before it reaches the database.
    await expect(sql`SELECT 1`.execute(db)).rejects.toMatchObject({ status: 499 });
    // The store itself is untouched.
    expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(store.db)).rows).toEqual([{ one: 1 }]);
  });

  it.runIf(kind === "pglite")(
    "skips the queries an abandoned request had queued behind others: they never run",
    async () => {
      await sql`CREATE SEQUENCE IF NOT EXISTS vreport_abandon_probe`.execute(store.db);
      const held = gate();
      const busy = store.db.connection().execute(() => held.promise);
      const client = new AbortController();
      const db = abortableStore(store, client.signal).db;
      // Each would advance the sequence; all three wait behind the connection held above.
      const queued = [1, 2, 3].map(() =>
        sql`SELECT nextval('vreport_abandon_probe')`.execute(db).catch((e: { status?: number }) => e.status),
      );
      client.abort();
      held.open();
      await busy;
      expect(await Promise.all(queued)).toEqual([499, 499, 499]);
      const probe = await sql<{ is_called: boolean }>`SELECT is_called FROM vreport_abandon_probe`.execute(
        store.db,
      );
      expect(probe.rows).toEqual([{ is_called: false }]);
    },
  );

  it.runIf(kind === "postgres")(
    "cancels a running PostgreSQL query and discards its connection",
    async () => {
      const client = new AbortController();
      const pg = poolOf(store);
      const sleeping = sql`SELECT pg_sleep(60) AS vreport_cancel_probe`
        .execute(abortableStore(store, client.signal).db)
        .catch((e: { code?: string }) => e.code);
      const active = async () =>
        (
          await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE state = 'active' AND query LIKE '%vreport_cancel_probe%' AND pid <> pg_backend_pid()`.execute(
            store.db,
          )
        ).rows[0]?.n === 1;
      await until(active, "the query running");
      const connections = pg.totalCount;
      client.abort();
      // 57014 query_canceled: PostgreSQL stopped it (not the 60 s sleep ending).
      expect(await sleeping).toBe("57014");
      expect(pg.totalCount).toBe(connections - 1);
      // The server shows the backend active until it has noticed its client gone and ended, a
      // moment after the cancel's error reached the client: the query is gone soon, not at once.
      await until(async () => !(await active()), "the cancelled query gone from the server");
    },
  );

  it.runIf(kind === "postgres")(
    "answers 503 at the lane's deadline when the work runs too long, and cancels its query",
    async () => {
      const slow = new WorkPool({
        concurrency: 1,
        queue: 3,
        queuePerKey: 2,
        retryAfterSeconds: 1,
        deadlineMs: 400,
      });
      const { app: app2, origin: origin2 } = await listening(slow);
      const url = `${origin2}${API_PREFIX}${OVERVIEW}`;
      const held = gate();
      // Another session holds the aggregates: the overview's computation blocks on its first read.
      const locked = gate();
      const holder = store.db.transaction().execute(async (trx) => {
        await sql`LOCK TABLE agg_projects IN ACCESS EXCLUSIVE MODE`.execute(trx);
        locked.open();
        await held.promise;
      });
      try {
        await locked.promise;
        const started = performance.now();
        const pending = fetch(url, { headers: { authorization: `Bearer ${keys.a}` } });
        // A garbage collection while the work waits must not lose the deadline (on Node 20 a
        // timeout signal inside AbortSignal.any() was collected and never fired).
        await new Promise((resume) => setTimeout(resume, 100));
        collectGarbage();
        const r = await pending;
        const took = performance.now() - started;
        expect({ status: r.status, retryAfter: r.headers.get("retry-after"), body: await r.json() }).toEqual({
          status: 503,
          retryAfter: "1",
          body: ENVELOPE_503,
        });
        // Answered at the deadline, while the lock is still held: the work did not wait for it.
        expect(took).toBeLessThan(5_000);
        const waiting = async () =>
          (
            await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE wait_event_type = 'Lock' AND query LIKE '%agg_projects%' AND pid <> pg_backend_pid()`.execute(
              store.db,
            )
          ).rows[0]?.n ?? 0;
        await until(async () => (await waiting()) === 0, "the blocked query cancelled");
        expect(slow.stats).toMatchObject({ running: 0, queued: 0 });
      } finally {
        held.open();
        await holder;
        app2.server.closeAllConnections();
        await app2.close();
      }
      // With the lock gone, the same request is answered.
      expect((await get(keys.a, OVERVIEW)).status).toBe(200);
    },
  );
});
