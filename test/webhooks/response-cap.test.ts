import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingestFile } from "../../src/service/ingest/index.js";
import type { Store } from "../../src/service/store/db.js";
import { addSubscription, sendTest } from "../../src/service/webhooks/index.js";
import { baseRecords, ndjson } from "../ingest/_records.js";
import { openTestStore } from "../store/_databases.js";

/** The receiver writes at most this much (a bound for the test itself, far above the sender's cap). */
const SAFETY_BYTES = 256 * 1024 * 1024;

/** A receiver answering with an endless body cannot make the sender buffer it. */
describe("webhook responses are read up to 64 KB", () => {
  let store: Store;
  let server: Server;
  let url: string;
  const seen = { written: 0, closedEarly: false };

  beforeAll(async () => {
    store = await openTestStore("pglite");
    await ingestFile(store, ndjson(baseRecords()));
    server = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "content-type": "application/octet-stream" });
        const chunk = Buffer.alloc(64 * 1024, 120);
        res.on("close", () => {
          seen.closedEarly = !res.writableFinished;
        });
        const pump = () => {
          while (seen.written < SAFETY_BYTES && !res.destroyed) {
            seen.written += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", pump);
          }
          res.end();
        };
        pump();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await store.close();
  });

  it("counts the delivery by its status and drops the connection instead of reading the rest", async () => {
    const local = { allowPrivate: true };
    const sub = await addSubscription(store.db, { url, events: ["content.status_updated"] }, local);
    const result = await sendTest(store, sub.id, { timeoutMs: 30_000, targets: local });
    expect(result).toMatchObject({ ok: true, httpStatus: 200, status: "delivered" });
    // The connection was dropped mid-body; what got written is what the socket buffers took.
    await expect.poll(() => seen.closedEarly, { timeout: 10_000 }).toBe(true);
    expect(seen.written).toBeLessThan(32 * 1024 * 1024);
  });
});
