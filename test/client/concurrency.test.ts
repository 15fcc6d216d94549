import { afterEach, describe, expect, it } from "vitest";
import { createClient } from "../../src/client/index.js";
import { type FaultServer, later, OVERVIEW_OK, send, startFaultServer } from "./_fault-server.js";

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("concurrency", () => {
  it("never has more requests in flight than the limit", async () => {
    server = await startFaultServer((_req, res) => later(40, () => send(res, 200, OVERVIEW_OK)));
    const client = createClient({ baseUrl: server.url, apiKey: "vr_test_c", concurrency: 3 });
    await Promise.all(Array.from({ length: 12 }, () => client.getOverview()));
    expect(server.requests).toHaveLength(12);
    expect(server.maxInFlight).toBe(3);
  });

  it("defaults to 4 in flight", async () => {
    server = await startFaultServer((_req, res) => later(40, () => send(res, 200, OVERVIEW_OK)));
    const client = createClient({ baseUrl: server.url, apiKey: "vr_test_c" });
    await Promise.all(Array.from({ length: 10 }, () => client.getOverview()));
    expect(server.maxInFlight).toBe(4);
  });
});

describe("abort", () => {
  it("cancels the fetch itself", async () => {
    server = await startFaultServer(() => {}); // hangs
    const client = createClient({ baseUrl: server.url, apiKey: "vr_test_a" });
    const controller = new AbortController();
    const pending = client.getOverview({}, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("stop")), 50);
    await expect(pending).rejects.toThrow("stop");
    expect(server.requests).toHaveLength(1);
  });

  it("cancels the backoff sleep before the retry is sent", async () => {
    server = await startFaultServer((_req, res) =>
      send(res, 429, { code: 4290, messages: "slow", data: { retry_after: 30 } }, { "retry-after": "30" }),
    );
    const client = createClient({ baseUrl: server.url, apiKey: "vr_test_a" });
    const started = performance.now();
    const pending = client.getOverview({}, { signal: AbortSignal.timeout(100) });
    await expect(pending).rejects.toMatchObject({ name: "TimeoutError" });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(server.requests).toHaveLength(1);
  });

  it("cancels waiting for a slot: the aborted call never reaches the server", async () => {
    server = await startFaultServer((_req, res) => later(100, () => send(res, 200, OVERVIEW_OK)));
    const client = createClient({ baseUrl: server.url, apiKey: "vr_test_a", concurrency: 1 });
    const controller = new AbortController();
    const first = client.getOverview();
    const second = client.getOverview({}, { signal: controller.signal });
    controller.abort();
    await expect(second).rejects.toMatchObject({ name: "AbortError" });
    await first;
    await client.getOverview(); // the slot was not leaked
    expect(server.requests).toHaveLength(2);
  });
});
