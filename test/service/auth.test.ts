import { describe, expect, it } from "vitest";
import { CODES, SCOPES } from "../../src/contract/index.js";
import { revokeKey } from "../../src/service/keys/index.js";
import { bearer, describeService, NOW, TRANSPORTS } from "./_fixture.js";
import { ALL_ENDPOINTS, demoIds, pathFor, takesProjectId } from "./_paths.js";

describeService("authentication and authorization", (svc) => {
  for (const t of TRANSPORTS) {
    describe(t, () => {
      it("401 4021 without a key, data null", async () => {
        const r = await svc.get(t, "/projects");
        expect(r.status).toBe(401);
        expect(r.body).toEqual({ code: CODES.keyMissing, messages: expect.any(String), data: null });
        // An empty header presents no key either, whichever header it is.
        for (const headers of [
          { authorization: "Bearer " },
          { authorization: "Bearer" },
          { "x-api-key": " " },
        ]) {
          const empty = await svc.get(t, "/projects", headers);
          expect([empty.status, empty.body.code], JSON.stringify(headers)).toEqual([401, CODES.keyMissing]);
        }
      });

      it("401 4022 for a wrong, malformed, revoked or expired key", async () => {
        const revoked = await svc.mint(["workspace:read"]);
        const ids = await svc.store.db
          .selectFrom("api_keys")
          .select("id")
          .orderBy("created_at", "desc")
          .execute();
        await revokeKey(svc.store, ids[0]!.id);
        const expired = await svc.mint(["workspace:read"], { expiresAt: new Date(NOW.getTime() - 1000) });
        const wrong = `vr_${"A".repeat(43)}`;
        for (const headers of [
          bearer(wrong),
          bearer("not-a-key"),
          { authorization: "Basic dXNlcjpwYXNz" },
          // A valid key under no scheme, or another one, is not a Bearer token.
          { authorization: svc.keys.all },
          { authorization: `Basic ${svc.keys.all}` },
          { "x-api-key": wrong },
          bearer(revoked),
          bearer(expired),
        ]) {
          const r = await svc.get(t, "/workspace", headers);
          expect(r.status, JSON.stringify(headers)).toBe(401);
          expect(r.body).toEqual({
            code: CODES.keyInvalid,
            messages: "API key invalid, revoked or expired",
            data: null,
          });
        }
      });

      it("accepts the key in Authorization: Bearer and in X-API-KEY", async () => {
        for (const headers of [
          bearer(svc.keys.all),
          { "x-api-key": svc.keys.all },
          { authorization: `bearer  ${svc.keys.all}` },
        ]) {
          const r = await svc.get(t, "/workspace", headers);
          expect(r.status).toBe(200);
          expect(r.body.code).toBe(CODES.workspace);
        }
      });

      it("a key expiring later still works", async () => {
        const later = await svc.mint(["workspace:read"], { expiresAt: new Date(Date.now() + 60_000) });
        expect((await svc.get(t, "/workspace", bearer(later))).status).toBe(200);
      });

      it("expiry uses the real clock, not the pinned reporting day: a key that has since expired is refused", async () => {
        // The service reports as of NOW (a day in the past); the key expired after it, before today.
        const since = await svc.mint(["workspace:read"], { expiresAt: new Date(NOW.getTime() + 86_400_000) });
        const r = await svc.get(t, "/workspace", bearer(since));
        expect(r.status).toBe(401);
        expect(r.body.code).toBe(4022);
      });

      it("403 4023 names the required and missing scopes", async () => {
        const r = await svc.get(t, "/workspace", bearer(svc.keys["content:read"]));
        expect(r.status).toBe(403);
        expect(r.body).toEqual({
          code: CODES.scopeMissing,
          messages: expect.any(String),
          data: { required: ["workspace:read"], missing: ["workspace:read"] },
        });
      });

      it("checks run in order: key, scope, parameters, project", async () => {
        // Bad parameters on a wrong-scope key: 403, not 422.
        const r1 = await svc.get(t, "/content?page=0", bearer(svc.keys["workspace:read"]));
        expect(r1.status).toBe(403);
        // Bad parameters and an unknown project: 422 first.
        const r2 = await svc.get(
          t,
          `/content?page=0&project_id=${svc.other.mainProjectId}`,
          bearer(svc.keys.all),
        );
        expect(r2.status).toBe(422);
        expect(Object.keys(r2.body.data as object)).toEqual(["page"]);
      });

      it("scope × endpoint matrix: every single-scope key on all 18 endpoints", async () => {
        const ids = await demoIds(svc);
        expect(ALL_ENDPOINTS).toHaveLength(18);
        for (const def of ALL_ENDPOINTS) {
          for (const scope of SCOPES) {
            const r = await svc.get(t, pathFor(def, ids), bearer(svc.keys[scope]));
            const label = `${def.id} with ${scope}`;
            if (def.scope !== "any" && def.scope !== scope) {
              expect(r.status, label).toBe(403);
              expect(r.body, label).toEqual({
                code: CODES.scopeMissing,
                messages: expect.any(String),
                data: { required: [def.scope], missing: [def.scope] },
              });
            } else {
              expect(r.status, label).toBe(200);
              expect(r.body.code, label).toBe(def.code);
            }
          }
        }
      });

      it("a pinned key ignores project_id (even a malformed one) and sees only its project", async () => {
        const main = svc.demo.mainProjectId;
        const second = svc.demo.projects[1]!.id;
        const list = await svc.get(t, "/projects", bearer(svc.keys.pinned));
        expect(list.body.data).toMatchObject({ pinned: true, projects: [{ id: main }] });
        expect((list.body.data as { projects: unknown[] }).projects).toHaveLength(1);
        for (const q of [
          "",
          `?project_id=${second}`,
          "?project_id=nope",
          `?project_id=${svc.other.mainProjectId}`,
        ]) {
          const r = await svc.get(t, `/content-map/sites${q}`, bearer(svc.keys.pinned));
          expect(r.status, q).toBe(200);
          const sites = (r.body.data as { sites: { entity_id: string; is_customer: boolean }[] }).sites;
          expect(sites.find((s) => s.is_customer)?.entity_id).toBe(main);
        }
        const r2 = await svc.get(t, `/visibility/setup?project_id=${main}`, bearer(svc.keys.pinnedSecond));
        const brand = (r2.body.data as { brand: { brand_domain: string } }).brand;
        expect(brand.brand_domain).toBe("events.brightwave.io");
      });

      it("an unpinned key without project_id gets 422 keyed project_id", async () => {
        for (const def of ALL_ENDPOINTS.filter(takesProjectId)) {
          const ids = await demoIds(svc);
          const r = await svc.get(t, pathFor(def, ids, false), bearer(svc.keys.all));
          expect(r.status, def.id).toBe(422);
          expect(Object.keys(r.body.data as object), def.id).toEqual(["project_id"]);
        }
      });

      it("tenant isolation: the other workspace's key gets 404 for this workspace's ids", async () => {
        const ids = await demoIds(svc);
        for (const def of ALL_ENDPOINTS.filter(takesProjectId)) {
          const r = await svc.get(t, pathFor(def, ids), bearer(svc.keys.other));
          expect(r.status, def.id).toBe(404);
          expect(r.body).toEqual({ code: 404, messages: "project not found", data: null });
        }
        const catalog = await svc.get(
          t,
          `/api/workspace/${svc.demo.workspaceId}/webhooks/events`,
          bearer(svc.keys.other),
        );
        expect(catalog.status).toBe(404);
        expect(catalog.body).toEqual({ code: 404, messages: "workspace not found", data: null });
        const own = await svc.get(
          t,
          `/api/workspace/${svc.other.workspaceId}/webhooks/events`,
          bearer(svc.keys.other),
        );
        expect(own.status).toBe(200);
        const projects = await svc.get(t, "/projects", bearer(svc.keys.other));
        const listed = (projects.body.data as { projects: { id: string }[] }).projects.map((p) => p.id);
        expect(listed.sort()).toEqual(svc.other.projects.map((p) => p.id).sort());
        expect(listed).not.toContain(svc.demo.mainProjectId);
      });

      it("tenant isolation: another workspace's competitor and prompt ids are 404", async () => {
        const foreign = await demoIds(svc, svc.other.mainProjectId);
        const main = svc.demo.mainProjectId;
        for (const path of [
          `/visibility/competitors/${foreign.competitor}?project_id=${main}`,
          `/visibility/competitors/${foreign.competitor}/pages?project_id=${main}`,
          `/visibility/prompts/${foreign.prompt}/answers?project_id=${main}`,
        ]) {
          const r = await svc.get(t, path, bearer(svc.keys.all));
          expect(r.status, path).toBe(404);
        }
      });
    });
  }
});
