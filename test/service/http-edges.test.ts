import { connect } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/service/http/app.js";
import type { Store } from "../../src/service/store/db.js";
import { openKeyedStore } from "./_keyed-store.js";

/** A raw HTTP/1.1 exchange over a socket: what a client sends is exactly what the test writes. */
function raw(port: number, request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    let data = "";
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    socket.on("data", (c) => {
      data += c;
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", body = ""] = data.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), headers: head.toLowerCase(), body });
    });
  });
}

/** HTTP edge cases answer the documented envelope. */
describe("HTTP edge cases", () => {
  let store: Store;
  let app: FastifyInstance;
  let port: number;
  let key: string;

  beforeAll(async () => {
    const keyed = await openKeyedStore();
    store = keyed.store;
    key = await keyed.mint(["visibility:read", "workspace:read"]);
    app = createApp({ store, rateLimit: false, logger: false });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as { port: number }).port;
  });

  afterAll(async () => {
    await app.close();
    await store.close();
  });

  it.each([36, 150, 300, 4000])("an id of %i characters that matches nothing is 404", async (length) => {
    const project = (
      await app.inject({ url: "/core/api/external/v1/projects", headers: { authorization: `Bearer ${key}` } })
    ).json().data.projects[0].id as string;
    const r = await app.inject({
      url: `/core/api/external/v1/visibility/competitors/${"a".repeat(length)}?project_id=${project}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ code: 404, messages: "competitor not found", data: null });
  });

  it.each(["TRACE", "PROPFIND", "MKCOL", "DELETE"])(
    "%s on an API path is 405 with Allow: GET and the envelope",
    async (method) => {
      const r = await raw(
        port,
        `${method} /core/api/external/v1/projects HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      );
      expect(r.status).toBe(405);
      expect(r.headers).toContain("allow: get");
      expect(JSON.parse(r.body)).toMatchObject({ code: 405, data: null });
    },
  );

  it("an unknown method on an unknown path is still the 404 envelope", async () => {
    const r = await raw(port, "PROPFIND /nowhere HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(r.status).toBe(404);
    expect(JSON.parse(r.body)).toEqual({ code: 404, messages: "route not found", data: null });
  });

  it("a request without Host gets the 400 envelope", async () => {
    const r = await raw(port, "GET /core/api/external/v1/projects HTTP/1.1\r\nConnection: close\r\n\r\n");
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body)).toEqual({ code: 400, messages: "the Host header is required", data: null });
  });

  it.each(["evil.example.com/<script>", "a@b", "x y", "host:port"])(
    "a Host that is no host name (%s) gets the 400 envelope, never a link built on it",
    async (host) => {
      const r = await raw(
        port,
        `GET /core/api/external/v1/projects HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      expect(r.status).toBe(400);
      expect(JSON.parse(r.body)).toEqual({
        code: 400,
        messages: "the Host header must be a host name or address, with an optional port",
        data: null,
      });
    },
  );

  it("links an HTTP/1.0 request without Host to the address and port it came in on", async () => {
    const auth = { authorization: `Bearer ${key}` };
    const project = (await app.inject({ url: "/core/api/external/v1/projects", headers: auth })).json().data
      .projects[0].id as string;
    // Past the end, prev_url still leads back, whatever the list holds.
    const path = `/core/api/external/v1/visibility/prompts?project_id=${project}&per_page=1`;
    const r = await raw(port, `GET ${path}&page=99 HTTP/1.0\r\nAuthorization: Bearer ${key}\r\n\r\n`);
    expect(r.status).toBe(200);
    const prev = JSON.parse(r.body).data.pagination.prev_url as string;
    expect(prev).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${port}/core/api/external/v1/visibility/prompts\\?`),
    );
  });

  // Clients (undici: 4 s idle) must close an idle connection before the server does; with Node's
  // 5 s a request sent as the server closed it met ECONNRESET under a busy event loop.
  it("keeps idle connections longer than clients do, and says so", async () => {
    const r = await fetch(`http://127.0.0.1:${port}/core/api/external/v1/projects`, {
      headers: { authorization: `Bearer ${key}` },
    });
    await r.arrayBuffer();
    expect(r.headers.get("keep-alive")).toBe("timeout=72");
  });
});
