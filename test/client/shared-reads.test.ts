import { afterEach, describe, expect, it } from "vitest";
import { createClient, sharedReads } from "../../src/client/index.js";
import { type FaultServer, OVERVIEW_OK, send, startFaultServer } from "./_fault-server.js";

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const paths = (s: FaultServer) => s.requests.map((r) => r.url.replace(/^.*\/v1/, ""));

describe("sharedReads: one job's view of the service", () => {
  it("asks the same read once, and another query again", async () => {
    server = await startFaultServer((_req, res) => send(res, 200, OVERVIEW_OK));
    const client = sharedReads(createClient({ baseUrl: server.url, apiKey: "vr_test_s" }));
    const signal = new AbortController().signal;
    const [a, b] = await Promise.all([
      client.getOverview({ project_id: "p1", range: "30d" }),
      client.getOverview({ project_id: "p1", range: "30d" }, { signal }),
    ]);
    expect(a).toEqual(b);
    await client.getOverview({ project_id: "p1", range: "30d" });
    await client.getOverview({ project_id: "p1", range: "7d" });
    expect(paths(server)).toEqual([
      "/visibility/overview?project_id=p1&range=30d",
      "/visibility/overview?project_id=p1&range=7d",
    ]);
  });

  it("shares a failure too, and a new view asks again", async () => {
    server = await startFaultServer((_req, res, n) =>
      n === 0
        ? send(res, 404, { code: 4040, messages: "not found", data: null })
        : send(res, 200, OVERVIEW_OK),
    );
    const base = createClient({ baseUrl: server.url, apiKey: "vr_test_s", retries: 0 });
    const job = sharedReads(base);
    await expect(job.getOverview({ project_id: "gone" })).rejects.toThrow();
    await expect(job.getOverview({ project_id: "gone" })).rejects.toThrow();
    expect(server.requests).toHaveLength(1);
    await expect(sharedReads(base).getOverview({ project_id: "gone" })).resolves.toBeDefined();
    expect(server.requests).toHaveLength(2);
  });
});
