import { afterEach, describe, expect, it } from "vitest";
import {
  createClient,
  MissingScopeError,
  NetworkError,
  ResponseShapeError,
  TimeoutError,
  ValidationError,
} from "../../src/client/index.js";
import {
  type FaultHandler,
  type FaultServer,
  OVERVIEW,
  OVERVIEW_OK,
  send,
  startFaultServer,
} from "./_fault-server.js";

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A client of a fault server with fast backoff, so retry tests take milliseconds. */
async function setup(handler: FaultHandler, options: { retries?: number; timeoutMs?: number } = {}) {
  server = await startFaultServer(handler);
  const client = createClient({
    baseUrl: `${server.url}/core/api/external/v1`,
    apiKey: "vr_test_retries",
    retryBaseDelayMs: 5,
    retryMaxDelayMs: 20,
    ...options,
  });
  return { client, server };
}

describe("retries", () => {
  it("waits out Retry-After on 429, then succeeds", async () => {
    const { client, server } = await setup((_req, res, n) =>
      n === 0
        ? send(
            res,
            429,
            { code: 4290, messages: "rate limit exceeded", data: { retry_after: 1 } },
            { "retry-after": "1" },
          )
        : send(res, 200, OVERVIEW_OK),
    );
    await expect(client.getOverview({ range: "30d" })).resolves.toEqual(OVERVIEW);
    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests;
    // Timestamps of the requests as the server saw them: the second came at least 1 s later.
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(990);
  });

  it("honours Retry-After on a 503 too, over its own backoff", async () => {
    const { client, server } = await setup((_req, res, n) =>
      n === 0
        ? send(res, 503, { code: 5030, messages: "unavailable", data: null }, { "retry-after": "1" })
        : send(res, 200, OVERVIEW_OK),
    );
    await expect(client.getOverview()).resolves.toEqual(OVERVIEW);
    const [first, second] = server.requests;
    // The backoff alone is at most 5 ms here (retryBaseDelayMs), so only the header explains 1 s.
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(990);
  });

  it("retries a 500 twice, then succeeds", async () => {
    const { client, server } = await setup((_req, res, n) =>
      n < 2
        ? send(res, 500, { code: 5000, messages: "internal error", data: null })
        : send(res, 200, OVERVIEW_OK),
    );
    await expect(client.getOverview()).resolves.toEqual(OVERVIEW);
    expect(server.requests).toHaveLength(3);
  });

  it("times out a hung response, retries, then throws TimeoutError", async () => {
    const { client, server } = await setup(() => {}, { timeoutMs: 150, retries: 2 });
    const err = await client.getOverview().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).message).toBe("getOverview: no complete response within 150 ms");
    expect(server.requests).toHaveLength(3);
  });

  it("times out a response that sends headers and then stalls mid-body", async () => {
    const { client } = await setup(
      (_req, res) => {
        res.writeHead(200, { "content-type": "application/json", "content-length": "500" });
        res.write('{"code":2460,');
      },
      { timeoutMs: 150, retries: 0 },
    );
    await expect(client.getOverview()).rejects.toBeInstanceOf(TimeoutError);
  });

  it("retries a connection reset, then throws NetworkError", async () => {
    const { client, server } = await setup((req) => req.socket.destroy(), { retries: 2 });
    const err = await client.getOverview().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).message).toMatch(/^getOverview: network error: /);
    expect((err as NetworkError).status).toBeNull();
    expect(server.requests).toHaveLength(3);
  });

  it("recovers when a reset is followed by a good answer", async () => {
    const { client, server } = await setup((req, res, n) =>
      n === 0 ? req.socket.destroy() : send(res, 200, OVERVIEW_OK),
    );
    await expect(client.getOverview()).resolves.toEqual(OVERVIEW);
    expect(server.requests).toHaveLength(2);
  });

  it("does not retry a 422 and exposes the messages per parameter", async () => {
    const { client, server } = await setup((_req, res) =>
      send(res, 422, {
        code: 422,
        messages: "invalid parameters",
        data: { range: ["must be 7d, 30d or 90d"] },
      }),
    );
    const err = await client.getOverview().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).params).toEqual({ range: ["must be 7d, 30d or 90d"] });
    expect((err as ValidationError).status).toBe(422);
    expect(server.requests).toHaveLength(1);
  });

  it("does not retry a 403 and exposes required and missing scopes", async () => {
    const { client, server } = await setup((_req, res) =>
      send(res, 403, {
        code: 4023,
        messages: "API key lacks a required scope",
        data: { required: ["visibility:read"], missing: ["visibility:read"] },
      }),
    );
    const err = await client.getOverview().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MissingScopeError);
    expect(err).toMatchObject({
      code: 4023,
      status: 403,
      required: ["visibility:read"],
      missing: ["visibility:read"],
    });
    expect(server.requests).toHaveLength(1);
  });
});

describe("response shape", () => {
  it("turns truncated JSON into a ResponseShapeError, not retried", async () => {
    const { client, server } = await setup((_req, res) =>
      send(res, 200, '{"code":2460,"data":{"range":"30d","ment'),
    );
    const err = await client.getOverview().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseShapeError);
    expect((err as Error).message).toMatch(/^getOverview: \(body\): invalid JSON/);
    expect(server.requests).toHaveLength(1);
  });

  it("names the endpoint and field path of a wrong shape", async () => {
    const bad = { ...OVERVIEW, mention_rate: { ...OVERVIEW.mention_rate, current: "40%" } };
    const { client, server } = await setup((_req, res) => send(res, 200, { code: 2460, data: bad }));
    const err = await client.getOverview().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseShapeError);
    expect((err as Error).message).toBe(
      "getOverview: data.mention_rate.current: expected number, got string",
    );
    expect((err as ResponseShapeError).issues).toEqual([
      { path: "data.mention_rate.current", message: "expected number, got string" },
    ]);
    expect(server.requests).toHaveLength(1);
  });

  it("reports a missing field and array indexes in the path", async () => {
    const bad = { ...OVERVIEW, trend_series: { mention: [{ date: "2025-01-01" }], citation: [] } };
    const { client } = await setup((_req, res) => send(res, 200, { code: 2460, data: bad }));
    await expect(client.getOverview()).rejects.toThrow(
      "getOverview: data.trend_series.mention[0].value: expected number, missing",
    );
  });

  it("rejects an envelope whose code is not the endpoint's success code", async () => {
    const { client } = await setup((_req, res) => send(res, 200, { code: 2462, data: OVERVIEW }));
    await expect(client.getOverview()).rejects.toThrow("getOverview: code: expected 2460, got 2462");
  });
});
