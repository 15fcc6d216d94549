import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectsCommand } from "../../src/cli/commands/projects.js";
import {
  createClient,
  InvalidKeyError,
  MissingKeyError,
  MissingScopeError,
  NotFoundError,
  ValidationError,
  type VreportClient,
} from "../../src/client/index.js";
import { REPORT_SECTION_KEYS } from "../../src/contract/index.js";
import { type LiveService, startLiveService } from "./_live-service.js";

let live: LiveService;
let client: VreportClient;
let project_id: string;
const OTHER_ID = "00000000-0000-4000-8000-00000000dead";

beforeAll(async () => {
  live = await startLiveService();
  client = createClient({ baseUrl: live.url, apiKey: live.keys.all });
  project_id = live.projectIds[0]!;
});
afterAll(async () => {
  await live?.close();
});

/** Ids of the first items of a collected list must be distinct (pages neither overlap nor repeat). */
const distinct = (ids: string[]) => new Set(ids).size === ids.length;

describe("every method against the real service", () => {
  it("listProjects: every demo project, unpinned; one project, pinned", async () => {
    const all = await client.listProjects();
    expect(all.pinned).toBe(false);
    expect(all.projects.length).toBeGreaterThanOrEqual(2);
    expect(all.projects.map((p) => p.id).sort()).toEqual([...live.projectIds].sort());
    const pinned = await createClient({ baseUrl: live.url, apiKey: live.keys.pinned }).listProjects();
    expect(pinned).toMatchObject({ pinned: true, projects: [{ id: project_id }] });
  });

  it("vreport projects prints the pinned key's one project", async () => {
    const lines: string[] = [];
    await projectsCommand(
      { baseUrl: live.url, apiKey: live.keys.pinned },
      { out: (l) => lines.push(l), err: () => {} },
      {},
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]?.startsWith(project_id)).toBe(true);
    expect(lines[2]).toBe("(the key is pinned to this project)");
  });

  it("getWorkspace", async () => {
    expect((await client.getWorkspace()).id).toBe(live.workspaceId);
  });

  it("getSetup", async () => {
    const setup = await client.getSetup({ project_id });
    expect(setup.platforms).toHaveLength(6);
    expect(setup.competitors.length).toBeGreaterThanOrEqual(4);
    expect(setup.categories.length).toBeGreaterThanOrEqual(5);
  });

  it("getCategories, getLeaderboard, getCompetitor, getCompetitorPages, getCompetitorPage", async () => {
    const setup = await client.getSetup({ project_id });

    const categories = await client.getCategories({ project_id, range: "30d" });
    expect(categories.range).toBe("30d");
    expect(categories.categories.length).toBeGreaterThan(0);

    const board = await client.getLeaderboard({ project_id, range: "30d" });
    expect(board.rows[0]?.is_you).toBe(true);
    expect(board.rows).toHaveLength(setup.competitors.length + 1);

    const competitor = setup.competitors[0]!;
    const detail = await client.getCompetitor(competitor.id, { project_id, range: "90d" });
    expect(detail.competitor.id).toBe(competitor.id);
    expect(detail.top_cited_pages.length).toBeLessThanOrEqual(5);

    const pages = await client.getCompetitorPages(competitor.id, { project_id, range: "90d" });
    expect(pages.competitor.id).toBe(competitor.id);
    expect(pages.pages.length).toBeGreaterThan(0);
    const first = pages.pages[0]!;
    const page = await client.getCompetitorPage(competitor.id, first.url, { project_id, range: "90d" });
    expect(page.page.url).toBe(first.url);
    expect(page.page.citations).toBe(first.citations);
  });

  it("getReport: every section in report order", async () => {
    const report = await client.getReport({ project_id, range: "30d" });
    expect(report.sections.map((s) => s.key)).toEqual([...REPORT_SECTION_KEYS]);
  });

  it("getOverview: rates are fractions and delta = current - previous", async () => {
    const o = await client.getOverview({ project_id, range: "7d" });
    expect(o.range).toBe("7d");
    for (const m of [o.mention_rate, o.citation_rate, o.share_of_voice]) {
      expect(m.current).toBeGreaterThanOrEqual(0);
      expect(m.current).toBeLessThanOrEqual(1);
      expect(m.delta).toBeCloseTo(m.current - (m.previous ?? Number.NaN), 9);
    }
    expect(o.trend_series.mention.length).toBeGreaterThan(0);
  });

  it("listPrompts, iterate and collect, getPromptAnswers", async () => {
    const first = await client.listPrompts({ project_id, per_page: 10 });
    const total = first.pagination.total;
    expect(total).toBeGreaterThan(10);
    const ids: string[] = [];
    for await (const p of client.iterate("listPrompts", { project_id, per_page: 25 })) ids.push(p.id);
    expect(ids).toHaveLength(total);
    expect(distinct(ids)).toBe(true);
    expect(await client.collect("listPrompts", { project_id, per_page: 100 }, { max: total })).toHaveLength(
      total,
    );

    const prompt = first.prompts[0]!;
    const answers = await client.getPromptAnswers(prompt.id, { project_id, range: "30d", full: "1" });
    expect(answers.prompt.id).toBe(prompt.id);
    expect(answers.answers.length).toBeLessThanOrEqual(200);
    const claude = await client.getPromptAnswers(prompt.id, { project_id, platform: "claude" });
    expect(claude.answers.every((a) => a.platform === "claude")).toBe(true);
  });

  it("listPages, iterate and getPage", async () => {
    const list = await client.listPages({ project_id, range: "90d", per_page: 5 });
    const rows: string[] = [];
    for await (const row of client.iterate("listPages", { project_id, range: "90d", per_page: 20 }))
      rows.push(row.url);
    expect(rows).toHaveLength(list.pagination.total);
    const top = list.rows[0]!;
    const page = await client.getPage(top.url, { project_id, range: "90d" });
    expect(page.page.url).toBe(top.url);
    expect(page.page.citations).toBe(top.citations);
  });

  it("getCitedSources", async () => {
    const s = await client.getCitedSources({ project_id, type: "domain", limit: 5 });
    expect(s.type).toBe("domain");
    expect(s.sources.length).toBeLessThanOrEqual(5);
    expect(s.sources.map((x) => x.rank)).toEqual([...s.sources.map((x) => x.rank)].sort((a, b) => a - b));
  });

  it("getTopics, listContentMapSites, listContentMapPages and iterate", async () => {
    const topics = await client.getTopics({ project_id });
    expect(topics.topics.length).toBeGreaterThan(0);
    const { sites } = await client.listContentMapSites({ project_id });
    expect(sites.some((s) => s.is_customer)).toBe(true);
    const first = await client.listContentMapPages({ project_id, per_page: 50 });
    const ids: string[] = [];
    for await (const p of client.iterate("listContentMapPages", { project_id, per_page: 200 }))
      ids.push(p.id);
    expect(ids).toHaveLength(first.pagination.total);
    expect(distinct(ids)).toBe(true);
  });

  it("listContent in every view, 15 per page; iterate yields the total", async () => {
    for (const view of ["IDEAS", "PLANNED", "PRODUCED"] as const) {
      const page = await client.listContent({ project_id, view });
      expect(page.contents.length).toBeLessThanOrEqual(15);
      const all = await client.collect("listContent", { project_id, view }, { max: 10_000 });
      expect(all).toHaveLength(page.pagination.total);
      expect(distinct(all.map((c) => c.id))).toBe(true);
    }
    const balanced = await client.listContent({ project_id, view: "IDEAS", "stages[]": ["BALANCED"] });
    expect(balanced.contents.every((c) => c.buyer_stage === "BALANCED")).toBe(true);
  });

  it("getEventCatalog at the service root", async () => {
    const events = await client.getEventCatalog(live.workspaceId);
    expect(events.map((e) => e.event).sort()).toEqual([
      "agent_task.status_updated",
      "content.status_updated",
      "opportunity_run.status_updated",
    ]);
  });

  it("the generic request is the same call", async () => {
    const viaRequest = await client.request("getOverview", { query: { project_id, range: "30d" } });
    expect(viaRequest).toEqual(await client.getOverview({ project_id, range: "30d" }));
  });
});

describe("typed errors from the real service", () => {
  it("401 4021 and 4022; the X-API-KEY header works too", async () => {
    await expect(createClient({ baseUrl: live.url, apiKey: "" }).listProjects()).rejects.toBeInstanceOf(
      MissingKeyError,
    );
    const bad = createClient({ baseUrl: live.url, apiKey: "vr_not_a_real_key_000000" });
    await expect(bad.listProjects()).rejects.toBeInstanceOf(InvalidKeyError);
    const viaHeader = createClient({ baseUrl: live.url, apiKey: live.keys.all, authHeader: "x-api-key" });
    expect((await viaHeader.listProjects()).projects.length).toBe(live.projectIds.length);
  });

  it("403 4023 with required and missing scopes", async () => {
    const narrow = createClient({ baseUrl: live.url, apiKey: live.keys.contentOnly });
    const err = await narrow.getOverview({ project_id }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MissingScopeError);
    expect(err).toMatchObject({ required: ["visibility:read"], missing: ["visibility:read"] });
  });

  it("422 names project_id when an unpinned key omits it", async () => {
    const err = await client.getOverview().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect(Object.keys((err as ValidationError).params)).toContain("project_id");
  });

  it("404 for another workspace's catalog", async () => {
    await expect(client.getEventCatalog(OTHER_ID)).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.getEventCatalog(live.otherWorkspaceId)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("404 for unknown competitor and prompt ids", async () => {
    await expect(client.getCompetitor(OTHER_ID, { project_id })).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.getPromptAnswers(OTHER_ID, { project_id })).rejects.toBeInstanceOf(NotFoundError);
  });
});
