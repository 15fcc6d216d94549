import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { serveCommand } from "../../src/cli/commands/serve.js";
import { createKey } from "../../src/service/keys/index.js";
import { openStore } from "../../src/service/store/db.js";
import { SNAPSHOT_AS_OF, snapshotDirectory } from "../_snapshots.js";
import { tempDir } from "../_tmp.js";

const dir = tempDir("serve-rate");

describe("vreport serve --rate-limit", () => {
  it("lets each key make that many requests a minute, then answers 429 with Retry-After", async () => {
    const database = join(dir, "db");
    await snapshotDirectory("jobs", database);
    const store = await openStore(database);
    const [workspace] = await store.db.selectFrom("workspaces").select("id").execute();
    const key = await createKey(store, { workspaceId: workspace!.id, scopes: ["workspace:read"] });
    await store.close();
    const server = await serveCommand({ database, port: 0, asOf: SNAPSHOT_AS_OF, rateLimit: 3 }, () => {});
    try {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${server.baseUrl}/workspace`, {
          headers: { authorization: `Bearer ${key.key}` },
        });
        statuses.push(res.status);
        if (res.status === 429) retryAfter = res.headers.get("retry-after");
        await res.arrayBuffer();
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});
