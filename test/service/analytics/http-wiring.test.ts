/**
 * The analytics handlers through the real app (createApp + inject): key, project_id, validation
 * and the envelope around the same figures as fixture-endpoints.test.ts.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { API_PREFIX } from "../../../src/contract/index.js";
import { refreshAggregates } from "../../../src/service/analytics/aggregates/refresh.js";
import { createApp } from "../../../src/service/http/app.js";
import { createKey } from "../../../src/service/keys/create-key.js";
import type { Store } from "../../../src/service/store/db.js";
import { describeDatabases, openTestStore } from "../../store/_databases.js";
import { rateChange } from "./_expect.js";
import { IDS, insertFixture, NOW } from "./_fixture.js";

describeDatabases("analytics over HTTP", (kind) => {
  let store: Store;
  let key: string;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    store = await openTestStore(kind);
    await insertFixture(store);
    await refreshAggregates(store.db);
    key = (await createKey(store, { workspaceId: IDS.workspace, scopes: ["visibility:read"] })).key;
    app = createApp({ store, now: () => NOW, logger: false, rateLimit: false });
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
  });

  const inject = (path: string) =>
    app.inject({ method: "GET", url: `${API_PREFIX}${path}`, headers: { "x-api-key": key } });

  it("overview answers 200 with code 2460 and the hand-computed rates", async () => {
    const res = await inject(`/visibility/overview?project_id=${IDS.project}&range=7d`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(2460);
    expect(body.data.range).toBe("7d");
    expect(body.data.mention_rate).toEqual(rateChange(4 / 6, 1 / 3));
  });

  it("prompts paginate with absolute links; unknown ids are 404 in the envelope", async () => {
    const res = await inject(`/visibility/prompts?project_id=${IDS.project}&range=7d&per_page=2`);
    expect(res.statusCode).toBe(200);
    const next = res.json().data.pagination.next_url as string;
    expect(next).toMatch(/^http:\/\/.+\/visibility\/prompts\?.*page=2/);
    const page2 = await app.inject({
      method: "GET",
      url: next.replace(/^http:\/\/[^/]+/, ""),
      headers: { "x-api-key": key },
    });
    expect(page2.json().data.prompts).toHaveLength(1);
    const missing = await inject(`/visibility/competitors/${IDS.otherCompetitor}?project_id=${IDS.project}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, messages: "competitor not found", data: null });
  });

  it("every analytics endpoint answers 200 with its success code (docs/decisions.md) and echoes range", async () => {
    const q = `project_id=${IDS.project}&range=7d`;
    const cases: [string, number][] = [
      [`/visibility/report?${q}`, 2450],
      [`/visibility/overview?${q}`, 2460],
      [`/visibility/competitors?${q}`, 2462],
      [`/visibility/competitors/${IDS.c1}?${q}`, 2463],
      [`/visibility/competitors/${IDS.c1}/pages?${q}`, 2464],
      [`/visibility/competitors/${IDS.c1}/pages?${q}&url=beta.com/compare`, 2464],
      [`/visibility/categories?${q}`, 2465],
      [`/visibility/prompts?${q}`, 2466],
      [`/visibility/prompts/${IDS.p1}/answers?${q}&full=1`, 2467],
      [`/visibility/pages?${q}`, 2468],
      [`/visibility/pages?${q}&url=acme.com`, 2468],
      [`/visibility/cited-sources?${q}&type=url`, 2469],
    ];
    for (const [path, code] of cases) {
      const res = await inject(path);
      expect([path, res.statusCode, res.json().code, res.json().data.range]).toEqual([path, 200, code, "7d"]);
    }
  });

  it("bad values are 422 naming the parameter", async () => {
    const q = `project_id=${IDS.project}`;
    const cases: [string, string][] = [
      [`/visibility/overview?${q}&range=14d`, "range"],
      [`/visibility/prompts?${q}&per_page=101`, "per_page"],
      [`/visibility/prompts?${q}&category=abc`, "category"],
      [`/visibility/prompts?${q}&sort=text`, "sort"],
      [`/visibility/pages?${q}&direction=up`, "direction"],
      [`/visibility/pages?${q}&sort=mention_rate`, "sort"],
      [`/visibility/cited-sources?${q}&limit=51`, "limit"],
      [`/visibility/cited-sources?${q}&type=host`, "type"],
      [`/visibility/prompts/${IDS.p1}/answers?${q}&platform=bing`, "platform"],
      [`/visibility/prompts/${IDS.p1}/answers?${q}&date=2025-13-01`, "date"],
    ];
    for (const [path, name] of cases) {
      const res = await inject(path);
      expect([path, res.statusCode, Object.keys(res.json().data)]).toEqual([path, 422, [name]]);
    }
  });

  it("the report answers 200 with code 2450 and ten sections", async () => {
    const res = await inject(`/visibility/report?project_id=${IDS.project}&range=7d`);
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(2450);
    expect(res.json().data.sections).toHaveLength(10);
  });
});
