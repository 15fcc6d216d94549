import { afterEach, describe, expect, it } from "vitest";
import {
  createClient,
  generateError,
  InvalidKeyError,
  MissingKeyError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  VreportApiError,
} from "../../src/client/index.js";
import { type FaultServer, send, startFaultServer } from "./_fault-server.js";

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("error classes over HTTP", () => {
  it("maps 404 to NotFoundError, not retried", async () => {
    server = await startFaultServer((_req, res) =>
      send(res, 404, { code: 404, messages: "competitor not found", data: null }),
    );
    const client = createClient({ baseUrl: server.url, apiKey: "vr_test_404" });
    const err = await client.getCompetitor("00000000-0000-4000-8000-000000000000").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err).toMatchObject({ status: 404, code: 404, endpoint: "getCompetitor" });
    expect((err as Error).message).toBe("getCompetitor: competitor not found (404)");
    expect(server.requests).toHaveLength(1);
  });

  it("maps 401 4021 to MissingKeyError and sends no key header for an empty key", async () => {
    server = await startFaultServer((_req, res) =>
      send(res, 401, { code: 4021, messages: "API key missing", data: null }),
    );
    const client = createClient({ baseUrl: server.url, apiKey: "" });
    const err = await client.listProjects().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MissingKeyError);
    expect(err).toMatchObject({ status: 401, code: 4021 });
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
    expect(server.requests).toHaveLength(1);
  });

  it("maps 401 4022 to InvalidKeyError and sends the key as X-API-KEY when asked", async () => {
    server = await startFaultServer((_req, res) =>
      send(res, 401, { code: 4022, messages: "API key invalid, revoked or expired", data: null }),
    );
    const client = createClient({ baseUrl: server.url, apiKey: "vr_revoked", authHeader: "x-api-key" });
    const err = await client.getWorkspace().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidKeyError);
    expect(err).toMatchObject({ status: 401, code: 4022 });
    expect(server.requests[0]!.headers["x-api-key"]).toBe("vr_revoked");
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });
});

describe("generateError", () => {
  const at = (status: number, body: unknown, retryAfterSeconds: number | null = null) =>
    generateError({ endpoint: "getOverview", status, body, retryAfterSeconds });

  it("picks the class from status and code", () => {
    expect(at(401, { code: 4021, messages: "x", data: null })).toBeInstanceOf(MissingKeyError);
    expect(at(401, { code: 4022, messages: "x", data: null })).toBeInstanceOf(InvalidKeyError);
    expect(at(401, "<html>")).toBeInstanceOf(InvalidKeyError);
    expect(at(503, undefined)).toBeInstanceOf(ServerError);
    expect(at(418, { code: 418, messages: "teapot", data: null }).constructor).toBe(VreportApiError);
  });

  it("takes retry_after from the body when the header is missing", () => {
    const err = at(429, { code: 4290, messages: "slow down", data: { retry_after: 7 } });
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAfterSeconds).toBe(7);
    expect((at(429, undefined, 3) as RateLimitedError).retryAfterSeconds).toBe(3);
  });

  it("marks only 429, 5xx and transport failures retryable", () => {
    expect(at(429, undefined).retryable).toBe(true);
    expect(at(500, undefined).retryable).toBe(true);
    expect(at(503, undefined).retryable).toBe(true);
    expect(at(501, undefined).retryable).toBe(false);
    expect(at(404, undefined).retryable).toBe(false);
    expect(at(422, undefined).retryable).toBe(false);
  });
});
