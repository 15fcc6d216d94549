import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { API_PREFIX } from "../../src/contract/index.js";
import { createApp } from "../../src/service/http/app.js";
import { ingestFile } from "../../src/service/ingest/index.js";
import { createKey, revokeKey } from "../../src/service/keys/index.js";
import type { Store } from "../../src/service/store/db.js";
import { baseRecords, ndjson, WS } from "../ingest/_records.js";
import { describeDatabases, openTestStore } from "../store/_databases.js";

const URL = `${API_PREFIX}/workspace`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Verified keys are remembered briefly, but a revoked key stops working within
 * 5 s on every process and an expired one at once, by the real clock (docs/api.md). The tests
 * mostly wait on that clock, each with a key of its own, so all of them wait at once.
 */
describeDatabases(
  "verified keys cached briefly",
  (kind) => {
    let store: Store;
    let processes: FastifyInstance[];
    beforeAll(async () => {
      store = await openTestStore(kind);
      await ingestFile(store, ndjson(baseRecords()));
      // Two service processes on one database, each with its own memory; the clock they are given
      // is pinned far in the past, which must not keep keys alive.
      const now = () => new Date("2020-01-01T12:00:00Z");
      processes = [0, 1].map(() => createApp({ store, logger: false, rateLimit: false, now }));
    });
    afterAll(async () => {
      for (const p of processes) await p.close();
      await store.close();
    });
    const statuses = async (key: string) =>
      Promise.all(
        processes.map(
          async (p) => (await p.inject({ url: URL, headers: { authorization: `Bearer ${key}` } })).statusCode,
        ),
      );

    it("stops a revoked key within 5 s on every process", async () => {
      const { id, key } = await createKey(store, { workspaceId: WS, scopes: ["workspace:read"] });
      expect(await statuses(key)).toEqual([200, 200]);
      await revokeKey(store, id);
      await sleep(5_000);
      expect(await statuses(key)).toEqual([401, 401]);
    }, 30_000);

    it("stops an expired key as soon as it expires, though it was verified moments before", async () => {
      const expiresAt = new Date(Date.now() + 3_000);
      const { key } = await createKey(store, { workspaceId: WS, scopes: ["workspace:read"], expiresAt });
      expect(await statuses(key)).toEqual([200, 200]);
      await sleep(Math.max(0, expiresAt.getTime() - Date.now()) + 50);
      expect(await statuses(key)).toEqual([401, 401]);
    }, 30_000);
  },
  { concurrent: true },
);
