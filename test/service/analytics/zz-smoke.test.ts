import { it } from "vitest";
import { endpoint, PARAM_SCHEMAS } from "../../../src/contract/index.js";
import { analyticsHandlers } from "../../../src/service/analytics/handlers.js";
import { openStore } from "../../../src/service/store/db.js";

it("smoke", async () => {
  const store = await openStore(process.env.LOC ?? "/tmp/vr-db1");
  const p = await store.db
    .selectFrom("projects")
    .innerJoin("workspaces", "workspaces.id", "projects.workspace_id")
    .select([
      "projects.id",
      "projects.name",
      "projects.slug",
      "projects.brand_name",
      "projects.brand_domain",
      "projects.workspace_id",
      "workspaces.timezone",
    ])
    .orderBy("projects.created_at")
    .execute();
  const proj = p.sort((a, b) => a.slug.localeCompare(b.slug)).find((x) => x.brand_name !== "")!;
  console.log(p.map((x) => x.slug));
  const main = p[0]!;
  const comp = await store.db
    .selectFrom("competitors")
    .select("id")
    .where("project_id", "=", main.id)
    .executeTakeFirst();
  const prompt = await store.db
    .selectFrom("prompts")
    .select("id")
    .where("project_id", "=", main.id)
    .executeTakeFirst();
  const yourUrl = await store.db
    .selectFrom("urls")
    .select("url")
    .where("project_id", "=", main.id)
    .where("owner", "=", "you")
    .executeTakeFirst();
  void proj;
  const ctxFor = (id: string, raw: Record<string, unknown>, pathParams: Record<string, string> = {}) => {
    const def = endpoint(id as "getReport");
    const query = PARAM_SCHEMAS[def.params].parse(raw);
    return {
      store,
      caller: { keyId: "k", workspaceId: main.workspace_id, scopes: [], pinnedProjectId: null },
      workspace: { id: main.workspace_id, timezone: main.timezone },
      project: {
        id: main.id,
        workspaceId: main.workspace_id,
        name: main.name,
        slug: main.slug,
        brandName: main.brand_name,
        brandDomain: main.brand_domain,
      },
      query,
      pathParams,
      now: new Date("2025-06-30T12:00:00Z"),
      requestUrl: "http://x/y",
      rawQuery: raw,
    } as never;
  };
  const cases: [string, Record<string, unknown>, Record<string, string>?][] = [
    ["getReport", { range: process.env.RANGE ?? "30d" }],
    ["getOverview", {}],
    ["getCategories", {}],
    ["getLeaderboard", {}],
    ["getCompetitor", {}, { competitor: comp!.id }],
    ["getCompetitorPages", {}, { competitor: comp!.id }],
    ["listPrompts", {}],
    ["getPromptAnswers", { full: "1" }, { prompt: prompt!.id }],
    ["listPages", {}],
    ["listPages", { url: `https://www.${yourUrl!.url}/?x=1` }],
    ["getCitedSources", {}],
  ];
  for (const [id, raw, pp] of cases) {
    const h = (analyticsHandlers as Record<string, (c: never) => Promise<unknown>>)[id]!;
    const times: number[] = [];
    let out: unknown;
    for (let i = 0; i < Number(process.env.N ?? 10); i++) {
      const t = performance.now();
      out = await h(ctxFor(id, raw, pp));
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    endpoint(id as "getReport").data.parse(out);
    console.log(
      id,
      JSON.stringify(raw),
      "p50",
      Math.round(times[Math.floor(times.length / 2)]!),
      "p95",
      Math.round(times[Math.ceil(times.length * 0.95) - 1]!),
      process.env.SHOW === id ? JSON.stringify(out).slice(0, 3000) : "",
    );
  }
  await store.close();
}, 600_000);
