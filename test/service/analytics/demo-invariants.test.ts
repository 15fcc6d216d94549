/**
 * Invariants on the seeded demo workspace, for every range: the report equals the focused
 * endpoints, rates agree between views, ranks and shares are consistent, sorting and filters hold,
 * and the pre-aggregates agree with the same figures computed from the raw answers and citations.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type PromptItem,
  RANGES,
  type ReportSection,
  type ReportSectionOf,
} from "../../../src/contract/index.js";
import { refreshAggregates } from "../../../src/service/analytics/aggregates/refresh.js";
import { periodFor } from "../../../src/service/analytics/period.js";
import type { ProjectRef } from "../../../src/service/http/handler.js";
import type { Store } from "../../../src/service/store/db.js";
import { openSnapshot, SNAPSHOT_AS_OF } from "../../_snapshots.js";
import { describeDatabases } from "../../store/_databases.js";
import { call } from "./_context.js";

const AS_OF = SNAPSHOT_AS_OF;
const NOW = new Date(`${AS_OF}T12:00:00Z`);

describeDatabases("analytics invariants on the demo workspace", (kind) => {
  let store: Store;
  let project: ProjectRef;
  let timezone: string;

  beforeAll(async () => {
    // A copy of the run's `quarter` snapshot (test/_snapshots.ts): the demo as of AS_OF at a
    // quarter scale over 180 days, seeded once per run rather than once per database here.
    const snapshot = await openSnapshot(kind, "quarter");
    store = snapshot.store;
    const summary = snapshot.summaries.demo;
    await refreshAggregates(store.db);
    timezone = summary.timezone;
    const p = await store.db
      .selectFrom("projects")
      .selectAll()
      .where("id", "=", summary.mainProjectId)
      .executeTakeFirstOrThrow();
    project = {
      id: p.id,
      workspaceId: p.workspace_id,
      name: p.name,
      slug: p.slug,
      brandName: p.brand_name,
      brandDomain: p.brand_domain,
    };
  }, 300_000);
  afterAll(() => store?.close());

  const get = <I extends Parameters<typeof call>[1]>(
    id: I,
    query: Record<string, string>,
    pathParams: Record<string, string> = {},
  ) => call(store, id, { project, timezone, now: NOW, query, pathParams });

  describe.each(RANGES)("range %s", (range) => {
    let sections: ReportSection[];
    const section = <K extends ReportSection["key"]>(key: K) =>
      sections.find((s) => s.key === key) as ReportSectionOf<K>;
    beforeAll(async () => {
      sections = (await get("getReport", { range })).sections;
    });

    it("summary and trend equal the overview; the leaderboard's first row is the overview", async () => {
      const o = await get("getOverview", { range });
      const [m, c, s] = section("summary").rows;
      expect(
        [m, c, s].map(
          (r) => r && { current: r.current, previous: r.previous, delta: r.delta, stats: r.stats },
        ),
      ).toEqual([o.mention_rate, o.citation_rate, o.share_of_voice]);
      expect(section("trend").rows.map((r) => ({ date: r.date, value: r.mention_rate }))).toEqual(
        o.trend_series.mention,
      );
      expect(section("trend").rows.map((r) => ({ date: r.date, value: r.citation_rate }))).toEqual(
        o.trend_series.citation,
      );
      expect(o.trend_series.mention.length).toBe(Number.parseInt(range, 10));
      const lb = await get("getLeaderboard", { range });
      expect(lb.rows[0]).toMatchObject({
        is_you: true,
        name: project.brandName,
        mention_rate: o.mention_rate.current,
        citation_rate: o.citation_rate.current,
        sov: o.share_of_voice.current,
      });
      expect(lb.rows.slice(1).every((r) => !r.is_you)).toBe(true);
      expect(section("competitors").rows).toEqual(lb.rows);
      expect(section("competitors").your_position).toEqual(lb.your_position);
      expect(lb.total_snapshots).toBe(section("summary").totals.snapshots.current);
      const sovSum = lb.rows.reduce((n, r) => n + r.sov, 0);
      expect(sovSum).toBeCloseTo(1, 9);
      for (const key of ["mention", "citation", "sov"] as const) {
        const field = key === "sov" ? "sov" : (`${key}_rate` as const);
        const better = lb.rows.filter((r) => r[field] > lb.rows[0]![field]).length;
        expect(lb.your_position[key].rank).toBe(better + 1);
      }
    });

    it("categories add up to the total; platforms add up to the total", async () => {
      const total = section("summary").totals.snapshots.current;
      const cats = (await get("getCategories", { range })).categories;
      expect(cats.reduce((n, r) => n + r.snapshots, 0)).toBe(total);
      expect(cats.at(-1)).toMatchObject({ id: null, name: "Uncategorized", color: null });
      expect(section("categories").rows).toEqual(cats);
      expect(section("platforms").rows.reduce((n, r) => n + r.snapshots, 0)).toBe(total);
    });

    it("cited sources: share = citations / total, ranks 1..n, most cited first", async () => {
      for (const type of ["domain", "url"] as const) {
        const cs = await get("getCitedSources", { range, type, limit: "50" });
        expect(cs.sources.length).toBeGreaterThan(0);
        expect(cs.sources[0]!.rank).toBe(1);
        cs.sources.forEach((s, i) => {
          expect(s.share).toBe(s.citations / cs.total_citations);
          expect(s.rank).toBe(cs.sources.filter((o) => o.citations > s.citations).length + 1);
          if (i > 0) expect(s.citations).toBeLessThanOrEqual(cs.sources[i - 1]!.citations);
        });
        if (type === "domain") {
          expect(cs.sources.find((s) => s.value === project.brandDomain)?.tag).toBe("you");
          expect(section("cited_sources").rows).toEqual(cs.sources);
        }
      }
    });

    it("pages: report rows are the top of the list; sorting works both ways", async () => {
      const list = await get("listPages", { range, per_page: "100" });
      if (!("rows" in list)) throw new Error("expected a list");
      expect(section("your_pages").rows).toEqual(list.rows.slice(0, 100));
      expect(section("your_pages").totals.pages).toBe(list.totals.pages);
      for (const sort of ["citations", "citation_rate", "unique_prompts"] as const) {
        for (const direction of ["asc", "desc"] as const) {
          const res = await get("listPages", { range, sort, direction, per_page: "100" });
          const values = "rows" in res ? res.rows.map((r) => r[sort]) : [];
          const sorted = [...values].sort((a, b) => (direction === "asc" ? a - b : b - a));
          expect(values).toEqual(sorted);
        }
      }
    });

    it("prompts: the report lists every prompt; filters and sorts do what they say", async () => {
      const all = await get("listPrompts", { range, per_page: "100" });
      expect(section("prompts").totals.prompts).toBe(all.pagination.total);
      expect(all.pagination.total_pages).toBe(Math.ceil(all.pagination.total / 100));
      const none = await get("listPrompts", { range, category: "__uncategorized__", per_page: "100" });
      expect(none.prompts.length).toBeGreaterThan(0);
      expect(none.prompts.every((p) => p.category_id === null)).toBe(true);
      const catId = all.prompts.find((p) => p.category_id !== null)!.category_id!;
      const inCat = await get("listPrompts", { range, category: catId, per_page: "100" });
      expect(inCat.prompts.every((p) => p.category_id === catId)).toBe(true);
      const word = all.prompts[0]!.text.split(" ").at(-1)!.toUpperCase();
      const found = await get("listPrompts", { range, search: word, per_page: "100" });
      expect(found.prompts.every((p) => p.text.toLowerCase().includes(word.toLowerCase()))).toBe(true);
      const byRate = await get("listPrompts", {
        range,
        sort: "mention_rate",
        direction: "desc",
        per_page: "100",
      });
      const rates = byRate.prompts.map((p) => p.mention_rate);
      expect(rates).toEqual([...rates].sort((a, b) => b - a));
    });

    it("answers: at most 500, newest first, one per prompt and platform", () => {
      const rows = section("answers").rows;
      expect(rows.length).toBeLessThanOrEqual(500);
      expect(section("answers").totals.shown).toBe(rows.length);
      const times = rows.map((r) => r.collected_at);
      expect(times).toEqual([...times].sort().reverse());
      expect(new Set(rows.map((r) => `${r.prompt_id}/${r.platform}`)).size).toBe(rows.length);
    });

    it("competitor detail agrees with the leaderboard and with the raw answers", async () => {
      const lb = await get("getLeaderboard", { range });
      const period = periodFor(range, timezone, NOW);
      const competitors = await store.db
        .selectFrom("competitors")
        .select(["id", "name"])
        .where("project_id", "=", project.id)
        .execute();
      for (const c of competitors) {
        const d = await get("getCompetitor", { range }, { competitor: c.id });
        const row = lb.rows.find((r) => r.name === c.name)!;
        expect(d.mention_rate.current).toBe(row.mention_rate);
        expect(d.citation_rate.current).toBe(row.citation_rate);
        const raw = await sql<{ n: number }>`
          SELECT count(DISTINCT prompt_id) AS n FROM answers
          WHERE project_id = ${project.id} AND ${c.id} = ANY(mentioned_competitor_ids)
            AND day BETWEEN ${period.current.start} AND ${period.current.end}`.execute(store.db);
        expect(d.prompt_coverage.current).toBe(raw.rows[0]!.n);
        expect(d.top_cited_pages.length).toBeLessThanOrEqual(5);
      }
    });

    it("prompts: every sort field both ways over all pages; report rows and category sums agree", async () => {
      const cats = await store.db
        .selectFrom("categories")
        .select(["id", "order"])
        .where("project_id", "=", project.id)
        .execute();
      const order = new Map(cats.map((c) => [c.id, c.order]));
      const total = section("prompts").totals.prompts;
      for (const sort of ["created_at", "category", "mention_rate", "citation_rate"] as const) {
        for (const direction of ["asc", "desc"] as const) {
          const rows: PromptItem[] = [];
          for (let page = 1; ; page++) {
            const res = await get("listPrompts", {
              range,
              sort,
              direction,
              per_page: "7",
              page: String(page),
            });
            rows.push(...res.prompts);
            if (res.pagination.next_url === null) break;
          }
          expect(new Set(rows.map((r) => r.id)).size).toBe(total);
          const key = (r: PromptItem) =>
            sort === "category"
              ? r.category_id === null
                ? Number.MAX_SAFE_INTEGER
                : order.get(r.category_id)!
              : sort === "created_at"
                ? Date.parse(r.created_at)
                : r[sort];
          const keys = rows.map(key);
          expect(keys).toEqual([...keys].sort((a, b) => (direction === "asc" ? a - b : b - a)));
        }
      }
      // The report's prompts: every prompt, newest first, = the list's rows plus current snapshots.
      const list: PromptItem[] = [];
      for (let page = 1; ; page++) {
        const res = await get("listPrompts", { range, per_page: "100", page: String(page) });
        list.push(...res.prompts);
        if (res.pagination.next_url === null) break;
      }
      const rows = section("prompts").rows;
      expect(rows.map(({ snapshots: _s, ...item }) => item)).toEqual(list);
      // Σ prompt snapshots per category = the category's snapshots (Uncategorized for null).
      const byCategory = new Map<string | null, number>();
      for (const r of rows) byCategory.set(r.category_id, (byCategory.get(r.category_id) ?? 0) + r.snapshots);
      for (const c of section("categories").rows) expect(c.snapshots).toBe(byCategory.get(c.id) ?? 0);
      // Ids are case-insensitive, like path ids.
      const catId = rows.find((r) => r.category_id !== null && /[a-f]/.test(r.category_id))!.category_id!;
      const lower = await get("listPrompts", { range, category: catId, per_page: "100" });
      const upper = await get("listPrompts", { range, category: catId.toUpperCase(), per_page: "100" });
      expect(upper.prompts.length).toBeGreaterThan(0);
      expect(upper.prompts).toEqual(lower.prompts);
    });

    it("leaderboard: competitors by mention rate after the brand; competition ranks per metric", async () => {
      const lb = await get("getLeaderboard", { range });
      const rates = lb.rows.slice(1).map((r) => r.mention_rate);
      expect(rates).toEqual([...rates].sort((a, b) => b - a));
      for (const r of lb.rows) {
        for (const v of [r.mention_rate, r.citation_rate, r.sov]) expect(v >= 0 && v <= 1).toBe(true);
      }
      expect(lb.your_position.mention.value).toBe(lb.rows[0]!.mention_rate);
      expect(lb.your_position.citation).toEqual({
        rank: lb.rows.filter((r) => r.citation_rate > lb.rows[0]!.citation_rate).length + 1,
        value: lb.rows[0]!.citation_rate,
        delta: lb.rows[0]!.citation_delta,
      });
    });

    it("competitor pages: report rows = top 10 of each list; search filters; detail's top 5", async () => {
      const competitors = await store.db
        .selectFrom("competitors")
        .select(["id", "name"])
        .where("project_id", "=", project.id)
        .orderBy("name")
        .orderBy("id")
        .execute();
      const expected: unknown[] = [];
      let all = 0;
      for (const c of competitors) {
        const res = await get("getCompetitorPages", { range }, { competitor: c.id });
        if (!("pages" in res)) throw new Error("expected a list");
        all += res.pages.length;
        expected.push(
          ...res.pages.slice(0, 10).map((p) => ({ ...p, competitor_id: c.id, competitor_name: c.name })),
        );
        const d = await get("getCompetitor", { range }, { competitor: c.id });
        expect(d.top_cited_pages).toEqual(
          res.pages.slice(0, 5).map(({ folder: _f, ...p }) => ({ ...p, competitor_name: c.name })),
        );
        const found = await get("getCompetitorPages", { range, search: "BLOG" }, { competitor: c.id });
        if (!("pages" in found)) throw new Error("expected a list");
        expect(found.pages).toEqual(res.pages.filter((p) => p.url.includes("blog")));
      }
      expect(section("competitor_pages").rows).toEqual(expected);
      expect(section("competitor_pages").totals.pages).toBe(all);
    });

    it("prompt answers: the raw answers of the period, newest first, at most 200; filters hold", async () => {
      const period = periodFor(range, timezone, NOW);
      const promptId = section("prompts").rows[0]!.id;
      const raw = await sql<{ id: string; platform: string; day: string }>`
        SELECT id, platform, to_char(day, 'YYYY-MM-DD') AS day FROM answers
        WHERE prompt_id = ${promptId} AND day BETWEEN ${period.current.start} AND ${period.current.end}
        ORDER BY collected_at DESC, id LIMIT 200`.execute(store.db);
      const res = await get("getPromptAnswers", { range }, { prompt: promptId });
      expect(res.answers.map((a) => a.id)).toEqual(raw.rows.map((r) => r.id));
      const times = res.answers.map((a) => a.collected_at);
      expect(times).toEqual([...times].sort().reverse());
      const platform = raw.rows[0]!.platform;
      const onPlatform = await get("getPromptAnswers", { range, platform }, { prompt: promptId });
      expect(onPlatform.answers.length).toBeGreaterThan(0);
      expect(onPlatform.answers.every((a) => a.platform === platform)).toBe(true);
      const day = raw.rows[0]!.day;
      const onDay = await get("getPromptAnswers", { range, date: day, full: "1" }, { prompt: promptId });
      expect(onDay.answers.map((a) => a.id)).toEqual(raw.rows.filter((r) => r.day === day).map((r) => r.id));
      for (const a of onDay.answers) {
        expect(Object.keys(a)).toEqual(
          expect.arrayContaining(["text", "citations", "mention_excerpts", "competitors"]),
        );
      }
    });

    it("report answers: the latest answer of every prompt and platform with answers in the period", async () => {
      const period = periodFor(range, timezone, NOW);
      const raw = await sql<{ id: string; platform: string }>`
        SELECT DISTINCT ON (prompt_id, platform) id, platform, collected_at FROM answers
        WHERE project_id = ${project.id} AND day BETWEEN ${period.current.start} AND ${period.current.end}
        ORDER BY prompt_id, platform, collected_at DESC, id`.execute(store.db);
      const s = section("answers");
      expect(s.totals.answers).toBe(raw.rows.length);
      expect(s.totals.shown).toBe(Math.min(500, raw.rows.length));
      const latest = new Set(raw.rows.map((r) => r.id));
      expect(s.rows.every((a) => latest.has(a.id))).toBe(true);
      // Drawn round-robin across platforms: each platform all of its answers or an equal share
      // (±1), the largest s with Σ min(n, s) ≤ shown, and one more for some of the others.
      const available = new Map<string, number>();
      for (const r of raw.rows) available.set(r.platform, (available.get(r.platform) ?? 0) + 1);
      let share = 0;
      const fill = (k: number) => [...available.values()].reduce((sum, n) => sum + Math.min(n, k), 0);
      while (fill(share + 1) <= s.totals.shown && share < raw.rows.length) share++;
      for (const [platform, n] of available) {
        const shown = s.rows.filter((a) => a.platform === platform).length;
        if (n <= share) expect(shown, platform).toBe(n);
        else expect([share, share + 1], platform).toContain(shown);
      }
    });

    it("pre-aggregates agree with the raw tables", async () => {
      const period = periodFor(range, timezone, NOW);
      const raw = await sql<{ s: number; m: number; c: number }>`
        SELECT count(*) AS s, count(*) FILTER (WHERE brand_mentioned) AS m, count(*) FILTER (WHERE brand_cited) AS c
        FROM answers WHERE project_id = ${project.id}
          AND day BETWEEN ${period.current.start} AND ${period.current.end}`.execute(store.db);
      const r = raw.rows[0]!;
      const o = await get("getOverview", { range });
      expect(o.mention_rate.current).toBe(r.m / r.s);
      expect(o.citation_rate.current).toBe(r.c / r.s);
      const pages = await sql<{ url: string; n: number; p: number }>`
        SELECT u.url, count(DISTINCT c.answer_id) AS n, count(DISTINCT c.prompt_id) AS p
        FROM citations c JOIN urls u ON u.id = c.url_id
        WHERE c.project_id = ${project.id} AND u.owner = 'you'
          AND c.day BETWEEN ${period.current.start} AND ${period.current.end}
        GROUP BY u.url`.execute(store.db);
      const list = await get("listPages", { range, per_page: "100" });
      const rows = "rows" in list ? list.rows : [];
      expect(rows.length).toBe(pages.rows.length);
      for (const p of pages.rows) {
        expect(rows.find((x) => x.url === p.url)).toMatchObject({ citations: p.n, unique_prompts: p.p });
      }
    });
  });

  it("refreshing twice changes nothing", async () => {
    const before = await get("getReport", { range: "30d" });
    await refreshAggregates(store.db, project.id);
    expect(await get("getReport", { range: "30d" })).toEqual(before);
  });
});
