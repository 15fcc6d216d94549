import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { CODES } from "../../src/contract/index.js";
import { bearer, describeService, type Service, TRANSPORTS } from "./_fixture.js";

const expect422 = (r: Awaited<ReturnType<Service["get"]>>, name: string) => {
  expect(r.status, r.text).toBe(422);
  expect(r.body.code).toBe(CODES.validation);
  expect(r.body.data).toEqual({ [name]: [expect.any(String)] });
};

describeService("parameter validation and error envelopes", (svc) => {
  const q = () => `project_id=${svc.demo.mainProjectId}`;
  for (const t of TRANSPORTS) {
    describe(t, () => {
      it("422 keyed by parameter name", async () => {
        const key = bearer(svc.keys.all);
        const cases: [string, string][] = [
          [`/content?${q()}&view=DRAFTS`, "view"],
          [`/content-map/pages?${q()}&buyer_stage=BALANCED`, "buyer_stage"],
          [`/content?${q()}&page=0`, "page"],
          [`/content-map/pages?${q()}&per_page=0`, "per_page"],
          [`/content-map/pages?${q()}&per_page=201`, "per_page"],
          [`/content-map/pages?${q()}&per_page=1.5`, "per_page"],
          [`/content-map/pages?${q()}&search=${"x".repeat(256)}`, "search"],
          [`/content?${q()}&from=2025-02-30`, "from"],
          [`/content?${q()}&to=30/06/2025`, "to"],
          ["/content?project_id=not-a-uuid", "project_id"],
          [`/content-map/pages?${q()}&site=123`, "site"],
          [`/content?${q()}&search=a%00b`, "search"],
          [`/content?${q()}&view=IDEAS&view=PLANNED`, "view"],
        ];
        for (const [path, name] of cases) expect422(await svc.get(t, path, key), name);
        // A path id that is no id matches nothing: 404, not 422.
        for (const [path, resource] of [
          [`/visibility/competitors/nope?${q()}`, "competitor"],
          ["/api/workspace/xyz/webhooks/events", "workspace"],
        ]) {
          const r = await svc.get(t, path!, key);
          expect(r.status).toBe(404);
          expect(r.body).toEqual({ code: 404, messages: `${resource} not found`, data: null });
        }
        // A single-valued parameter given twice says so, whatever the values.
        for (const [query, name] of [
          ["page=1&page=2", "page"],
          [`project_id=${svc.demo.mainProjectId}&project_id=${svc.demo.mainProjectId}`, "project_id"],
        ] as const) {
          const r = await svc.get(t, `/content?${query}${name === "page" ? `&${q()}` : ""}`, key);
          expect(r.status, query).toBe(422);
          expect(r.body.data, query).toEqual({ [name]: ["must be given once"] });
        }
        // 255 characters is still fine.
        const ok = await svc.get(t, `/content-map/pages?${q()}&search=${"x".repeat(255)}`, key);
        expect(ok.status).toBe(200);
      });

      it("a site id of another project is 404 site not found", async () => {
        const r = await svc.get(
          t,
          `/content-map/pages?${q()}&site=${svc.demo.mainProjectId}`,
          bearer(svc.keys.all),
        );
        expect(r.status).toBe(404);
        expect(r.body).toEqual({ code: 404, messages: "site not found", data: null });
      });

      it("unknown routes answer the 404 envelope", async () => {
        for (const path of ["/core/api/external/v1/nothing", "!/", "!/core/api/external/v2/projects"]) {
          const r = await svc.get(t, path, bearer(svc.keys.all));
          expect(r.status).toBe(404);
          expect(r.body).toEqual({ code: 404, messages: "route not found", data: null });
        }
      });

      it("a malformed URL answers a 400 envelope", async () => {
        const r = await svc.get(t, "/content-map/%E0%A4%A", bearer(svc.keys.all));
        expect(r.status).toBe(400);
        expect(r.body).toEqual({ code: 400, messages: expect.any(String), data: null });
      });

      it("a too-long URL answers an envelope", async () => {
        const r = await svc.get(t, `/content?${q()}&x=${"a".repeat(9000)}`, bearer(svc.keys.all));
        expect(r.status).toBe(414);
        expect(r.body).toEqual({ code: 414, messages: expect.any(String), data: null });
      });
    });
  }

  it("other methods answer 405 with Allow: GET, in process and over a socket", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"] as const) {
      const a = await svc.app.inject({ method, url: "/core/api/external/v1/projects", payload: { x: 1 } });
      expect(a.statusCode).toBe(405);
      expect(a.headers.allow).toBe("GET");
      expect(a.json()).toEqual({ code: 405, messages: expect.any(String), data: null });
      const b = await fetch(`${svc.origin}/core/api/external/v1/content`, {
        method,
        body: "{not json",
        headers: { "content-type": "application/json" },
      });
      expect(b.status).toBe(405);
      expect(await b.json()).toMatchObject({ code: 405, data: null });
    }
  });

  it("HTTP parser errors (oversized headers) still answer the envelope", async () => {
    const r = await fetch(`${svc.origin}/core/api/external/v1/projects`, {
      headers: { "x-big": "a".repeat(20_000) },
    });
    expect(r.status).toBe(431);
    expect(await r.json()).toEqual({ code: 431, messages: expect.any(String), data: null });
  });

  it("an unexpected failure is a 500 5000 without details", async () => {
    const broken = { ...svc.store, db: undefined } as never;
    const { createApp } = await import("../../src/service/http/app.js");
    const app = createApp({ store: broken, logger: false, rateLimit: false });
    const r = await app.inject({ url: "/core/api/external/v1/projects", headers: bearer(svc.keys.all) });
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({ code: 5000, messages: "internal error", data: null });
    expect(r.body).not.toMatch(/at |TypeError|stack/);
    await app.close();
  });
});

describeService(
  "rate limiting",
  (svc) => {
    it("answers 429 4290 with retry_after and Retry-After, per key", async () => {
      const statuses: number[] = [];
      let last: Awaited<ReturnType<Service["get"]>> | undefined;
      for (let i = 0; i < 4; i++) {
        last = await svc.get("inject", "/projects", bearer(svc.keys.all));
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(last!.body).toEqual({
        code: 4290,
        messages: expect.any(String),
        data: { retry_after: expect.any(Number) },
      });
      expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
      // Another key has its own budget.
      expect((await svc.get("socket", "/projects", bearer(svc.keys.pinned))).status).toBe(200);
    });
  },
  { rateLimit: { max: 3, timeWindowMs: 60_000 } },
);

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

describeService(
  "logging",
  (svc) => {
    it("never writes the key, in headers, query strings or errors", async () => {
      const key = svc.keys.all;
      await svc.get("inject", "/projects", bearer(key));
      await svc.get("socket", "/projects", { "x-api-key": key });
      await svc.get("socket", `/projects?api_key=${key}&q=${key}`, bearer(key));
      await svc.get("inject", `/nothing?key=${key}`, { "x-api-key": key });
      const { createApp } = await import("../../src/service/http/app.js");
      const broken = createApp({
        store: { ...svc.store, db: undefined } as never,
        logger: { stream: sink },
        rateLimit: false,
      });
      await broken.inject({ url: `/core/api/external/v1/workspace?token=${key}`, headers: bearer(key) });
      await broken.close();
      const log = lines.join("");
      expect(log).toContain("unhandled error");
      expect(log).toContain("/projects");
      expect(log).not.toContain(key);
      expect(log).not.toContain(key.slice(3));
    });
  },
  { logger: { level: "debug", stream: sink } },
);
