import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { API_PREFIX, type EndpointId, endpoint, envelope, PLATFORMS } from "../../src/contract/index.js";
import { createApp } from "../../src/service/http/app.js";
import { bearer, describeService, NOW, type Service, TRANSPORTS, type Transport } from "./_fixture.js";

type Json = Record<string, unknown>;

/** GET with the all-scope key, asserting 200 and the contract's envelope schema. */
async function ok(svc: Service, t: Transport, id: EndpointId, path: string): Promise<Json> {
  const r = await svc.get(t, path, bearer(svc.keys.all));
  expect(r.status, r.text.slice(0, 300)).toBe(200);
  const def = endpoint(id);
  const parsed = envelope(def.data, def.code, "messages" in def).safeParse(r.body);
  expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true);
  return r.body.data as Json;
}

describeService("own endpoints on the demo data", (svc) => {
  const q = () => `project_id=${svc.demo.mainProjectId}`;
  for (const t of TRANSPORTS) {
    describe(t, () => {
      it("GET /projects lists the active projects oldest first", async () => {
        const data = await ok(svc, t, "listProjects", "/projects");
        const rows = await svc.store.db
          .selectFrom("projects")
          .select(["id", "brand_domain"])
          .where("workspace_id", "=", svc.demo.workspaceId)
          .where("status", "=", "ACTIVE")
          .orderBy("created_at")
          .execute();
        expect(data.pinned).toBe(false);
        expect((data.projects as Json[]).map((p) => p.id)).toEqual(rows.map((r) => r.id));
        expect((data.projects as Json[])[0]).toMatchObject({
          id: svc.demo.mainProjectId,
          brand_domain: "brightwave.io",
        });
      });

      it("GET /workspace returns the key's workspace", async () => {
        const data = await ok(svc, t, "getWorkspace", "/workspace");
        expect(data).toMatchObject({
          id: svc.demo.workspaceId,
          name: "Brightwave Marketing",
          timezone: "Europe/Paris",
          owner: { name: "Camille Laurent", email: "camille.laurent@brightwave.io" },
        });
      });

      it("GET /visibility/setup: schedule, next collection, competitors, categories with prompt counts", async () => {
        const data = await ok(svc, t, "getSetup", `/visibility/setup?${q()}`);
        const brand = data.brand as Json;
        expect(brand.schedule).toEqual({ days: [1, 2, 3, 4, 5, 6, 7], hour: 6 });
        // Now is 14:00 in Paris on 2025-06-30; the next 06:00 Paris (UTC+2) is 04:00Z the next day.
        expect(brand.next_collection_at).toBe("2025-07-01T04:00:00.000Z");
        expect(brand.is_configured).toBe(true);
        expect(data.platforms).toEqual([...PLATFORMS]);
        const competitors = await svc.store.db
          .selectFrom("competitors")
          .select("id")
          .where("project_id", "=", svc.demo.mainProjectId)
          .orderBy("created_at")
          .execute();
        expect((data.competitors as Json[]).map((c) => c.id)).toEqual(competitors.map((c) => c.id));
        const counts = await svc.store.db
          .selectFrom("categories as c")
          .select((eb) => [
            "c.id",
            eb
              .selectFrom("prompts as p")
              .whereRef("p.category_id", "=", "c.id")
              .select(eb.fn.countAll<number>().as("n"))
              .as("n"),
          ])
          .where("c.project_id", "=", svc.demo.mainProjectId)
          .orderBy("c.order")
          .execute();
        expect((data.categories as Json[]).map((c) => [c.id, c.prompt_count])).toEqual(
          counts.map((c) => [c.id, Number(c.n)]),
        );
        expect((data.categories as Json[]).map((c) => c.order)).toEqual([1, 2, 3, 4, 5, 6]);
      });

      it("GET /content-map/topics: stage counts, untapped topics and coverage gaps as SQL computes them", async () => {
        const data = await ok(svc, t, "getTopics", `/content-map/topics?${q()}`);
        const topics = data.topics as {
          id: string;
          you: { total: number; stages: Record<string, number> };
          competitors: { total: number; entity_id: string }[];
          is_untapped: boolean;
          is_coverage_gap: boolean;
        }[];
        const rows = await sql<{ topic_id: string; entity_id: string; is_customer: boolean; n: number }>`
          SELECT sp.topic_id, s.entity_id, s.is_customer, count(*)::int AS n
          FROM site_pages sp JOIN sites s ON s.id = sp.site_id
          WHERE sp.project_id = ${svc.demo.mainProjectId} AND sp.status = 'classified'
          GROUP BY 1, 2, 3`.execute(svc.store.db);
        const count = (topic: string, pred: (r: (typeof rows.rows)[number]) => boolean) =>
          rows.rows.filter((r) => r.topic_id === topic && pred(r)).reduce((s, r) => s + r.n, 0);
        const topicCount = await svc.store.db
          .selectFrom("topics")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("project_id", "=", svc.demo.mainProjectId)
          .executeTakeFirstOrThrow();
        expect(topics).toHaveLength(Number(topicCount.n));
        for (const topic of topics) {
          const you = count(topic.id, (r) => r.is_customer);
          expect(topic.you.total).toBe(you);
          expect(Object.values(topic.you.stages).reduce((a, b) => a + b, 0)).toBe(you);
          const top = Math.max(...topic.competitors.map((c) => c.total));
          for (const c of topic.competitors)
            expect(c.total).toBe(count(topic.id, (r) => r.entity_id === c.entity_id));
          expect(topic.is_untapped).toBe(you === 0 && top > 0);
          expect(topic.is_coverage_gap).toBe(you < top);
          expect(topic.competitors).toHaveLength(svc.demo.projects[0]!.competitors);
        }
        expect(topics.some((x) => x.is_untapped)).toBe(true);
        expect(topics.some((x) => x.is_coverage_gap && !x.is_untapped)).toBe(true);
        const unclassified = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM site_pages sp JOIN sites s ON s.id = sp.site_id
          WHERE sp.project_id = ${svc.demo.mainProjectId} AND s.is_customer AND sp.status = 'unclassified'`.execute(
          svc.store.db,
        );
        expect(data.unclassified).toBe(unclassified.rows[0]!.n);
        expect(data.unclassified).toBeGreaterThan(0);
      });

      it("GET /content-map/sites: own site first, page counts add up", async () => {
        const data = await ok(svc, t, "listContentMapSites", `/content-map/sites?${q()}`);
        const sites = data.sites as { id: string; is_customer: boolean; pages: number; entity: string }[];
        expect(sites[0]!.is_customer).toBe(true);
        expect(sites.filter((s) => s.is_customer)).toHaveLength(1);
        expect(sites).toHaveLength(1 + svc.demo.projects[0]!.competitors);
        expect(sites.reduce((n, s) => n + s.pages, 0)).toBe(svc.demo.projects[0]!.sitePages);
        const names = sites.slice(1).map((s) => s.entity);
        expect(names).toEqual([...names].sort());
      });

      it("GET /content-map/pages: newest first, filters, escaped search, pagination links", async () => {
        const total = svc.demo.projects[0]!.sitePages;
        const all = await ok(svc, t, "listContentMapPages", `/content-map/pages?${q()}&per_page=200`);
        const pages = all.pages as {
          discovered_at: string;
          is_customer: boolean;
          buyer_stage: string;
          status: string;
        }[];
        expect(pages).toHaveLength(total);
        const times = pages.map((p) => p.discovered_at);
        expect(times).toEqual([...times].sort().reverse());
        expect(all.pagination).toMatchObject({
          from: 1,
          to: total,
          count: total,
          total,
          total_pages: 1,
          next_url: null,
          prev_url: null,
        });

        const sites = (await ok(svc, t, "listContentMapSites", `/content-map/sites?${q()}`)).sites as {
          id: string;
          pages: number;
        }[];
        const own = await ok(
          svc,
          t,
          "listContentMapPages",
          `/content-map/pages?${q()}&site=${sites[0]!.id}&per_page=200`,
        );
        expect((own.pagination as Json).total).toBe(sites[0]!.pages);
        expect((own.pages as { is_customer: boolean }[]).every((p) => p.is_customer)).toBe(true);

        const stage = await ok(
          svc,
          t,
          "listContentMapPages",
          `/content-map/pages?${q()}&buyer_stage=DECISION&status=classified`,
        );
        const expected = pages.filter(
          (p) => p.buyer_stage === "DECISION" && p.status === "classified",
        ).length;
        expect((stage.pagination as Json).total).toBe(expected);

        for (const term of ["GLOSSARY", "pricing", "%", "_", "\\"]) {
          const r = await ok(
            svc,
            t,
            "listContentMapPages",
            `/content-map/pages?${q()}&search=${encodeURIComponent(term)}`,
          );
          const n = await sql<{ n: number }>`
            SELECT count(*)::int AS n FROM site_pages WHERE project_id = ${svc.demo.mainProjectId}
            AND (strpos(lower(title), lower(${term})) > 0 OR strpos(lower(heading), lower(${term})) > 0 OR strpos(lower(url), lower(${term})) > 0)`.execute(
            svc.store.db,
          );
          expect((r.pagination as Json).total, term).toBe(n.rows[0]!.n);
        }

        const p2 = await ok(svc, t, "listContentMapPages", `/content-map/pages?${q()}&per_page=5&page=2`);
        const pg = p2.pagination as Json;
        expect(pg).toMatchObject({
          from: 6,
          to: 10,
          count: 5,
          per_page: 5,
          current_page: 2,
          total,
          total_pages: Math.ceil(total / 5),
        });
        expect(p2.pages).toEqual(pages.slice(5, 10));
        const next = new URL(pg.next_url as string);
        expect(next.pathname).toBe("/core/api/external/v1/content-map/pages");
        expect(next.searchParams.get("page")).toBe("3");
        expect(next.searchParams.get("per_page")).toBe("5");
        expect(next.searchParams.get("project_id")).toBe(svc.demo.mainProjectId);
        const followed = await svc.get(t, `!${next.pathname}${next.search}`, bearer(svc.keys.all));
        expect((followed.body.data as Json).pages).toEqual(pages.slice(10, 15));
        expect(new URL(pg.prev_url as string).searchParams.get("page")).toBe("1");
        // A parameter the endpoint does not take is ignored, and not echoed: not even a key sent in the query.
        const key = svc.keys.all;
        const sent = await ok(
          svc,
          t,
          "listContentMapPages",
          `/content-map/pages?${q()}&per_page=5&api_key=${key}&x=1`,
        );
        const link = new URL((sent.pagination as Json).next_url as string);
        expect([...link.searchParams.keys()].sort()).toEqual(["page", "per_page", "project_id"]);
        expect(JSON.stringify(sent)).not.toContain(key);

        const past = await ok(svc, t, "listContentMapPages", `/content-map/pages?${q()}&page=999999`);
        expect(past.pages).toEqual([]);
        expect(past.pagination).toMatchObject({ from: 0, to: 0, count: 0, total, next_url: null });
      });

      it("GET /content: the three views, their orderings and filters, 15 per page", async () => {
        const ideas = await ok(svc, t, "listContent", `/content?${q()}`);
        const ideaRows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM content_items
          WHERE project_id = ${svc.demo.mainProjectId} AND status = 'NEW' AND config->>'planned_for' IS NULL`.execute(
          svc.store.db,
        );
        expect((ideas.pagination as Json).total).toBe(ideaRows.rows[0]!.n);
        expect((ideas.pagination as Json).per_page).toBe(15);
        const items = ideas.contents as {
          createdAt: string;
          status: string;
          buyer_stage: string | null;
          source: string;
        }[];
        expect(items).toHaveLength(15);
        expect(items.every((i) => i.status === "NEW")).toBe(true);
        expect(items.map((i) => i.createdAt)).toEqual(
          items
            .map((i) => i.createdAt)
            .sort()
            .reverse(),
        );

        // Following the links walks the rest of the list in the same order, and back.
        const pagination = ideas.pagination as { next_url: string | null; prev_url: string | null };
        expect(pagination.prev_url).toBeNull();
        const next = new URL(pagination.next_url ?? "");
        expect(next.searchParams.get("page")).toBe("2");
        const page2 = await svc.get(t, `!${next.pathname}${next.search}`, bearer(svc.keys.all));
        const page2Data = page2.body.data as { contents: typeof items; pagination: { prev_url: string } };
        const rest = page2Data.contents;
        expect(rest).toHaveLength(ideaRows.rows[0]!.n - 15);
        const created = [...items, ...rest].map((i) => i.createdAt);
        expect(created).toEqual([...created].sort().reverse());
        expect(new Set([...items, ...rest].map((i) => JSON.stringify(i))).size).toBe(created.length);
        const back = new URL(page2Data.pagination.prev_url);
        const page1 = await svc.get(t, `!${back.pathname}${back.search}`, bearer(svc.keys.all));
        expect((page1.body.data as Json).contents).toEqual(items);

        const planned = await ok(svc, t, "listContent", `/content?${q()}&view=PLANNED`);
        const plannedItems = planned.contents as { status: string; config: { planned_for: string } }[];
        expect(plannedItems.length).toBeGreaterThan(0);
        expect(plannedItems.every((i) => i.status === "PLANNED")).toBe(true);
        const days = plannedItems.map((i) => i.config.planned_for);
        expect(days).toEqual([...days].sort());

        const produced = await ok(svc, t, "listContent", `/content?${q()}&view=PRODUCED`);
        const producedRows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM content_items
          WHERE project_id = ${svc.demo.mainProjectId} AND status IN ('GENERATING','GENERATED','PUBLISHED','FAILED')`.execute(
          svc.store.db,
        );
        expect((produced.pagination as Json).total).toBe(producedRows.rows[0]!.n);
        const updated = (produced.contents as { updatedAt: string }[]).map((i) => i.updatedAt);
        expect(updated).toEqual([...updated].sort().reverse());

        const published = await ok(svc, t, "listContent", `/content?${q()}&view=PRODUCED&status=PUBLISHED`);
        expect((published.contents as { status: string }[]).every((i) => i.status === "PUBLISHED")).toBe(
          true,
        );
        expect((published.pagination as Json).total).toBe(6);

        const balanced = await ok(
          svc,
          t,
          "listContent",
          `/content?${q()}&stages[]=BALANCED&stages[]=DECISION`,
        );
        const stages = (balanced.contents as { buyer_stage: string }[]).map((i) => i.buyer_stage);
        expect(stages).toContain("BALANCED");
        expect(stages.every((s) => s === "BALANCED" || s === "DECISION")).toBe(true);

        const manual = await ok(svc, t, "listContent", `/content?${q()}&sources[]=manual`);
        expect((manual.contents as { source: string }[]).every((i) => i.source === "manual")).toBe(true);
        expect((manual.pagination as Json).total).toBe(4);
        const twoSources = await ok(
          svc,
          t,
          "listContent",
          `/content?${q()}&sources[]=manual&sources[]=serp-gap-agent`,
        );
        const serp = await ok(svc, t, "listContent", `/content?${q()}&sources[]=serp-gap-agent`);
        expect((twoSources.pagination as Json).total).toBe(4 + ((serp.pagination as Json).total as number));
        expect(new Set((twoSources.contents as { source: string }[]).map((i) => i.source))).toEqual(
          new Set(["manual", "serp-gap-agent"]),
        );

        const allIdeas = await svc.store.db
          .selectFrom("content_items")
          .select("created_at")
          .where("project_id", "=", svc.demo.mainProjectId)
          .where("status", "=", "NEW")
          .where(sql`config->>'planned_for'`, "is", null)
          .execute();
        // 2025-06-01 .. 2025-06-15 in Paris time.
        const lo = Date.parse("2025-05-31T22:00:00Z");
        const hi = Date.parse("2025-06-15T22:00:00Z");
        const inRange = allIdeas.filter(
          (r) => r.created_at.getTime() >= lo && r.created_at.getTime() < hi,
        ).length;
        const ranged = await ok(svc, t, "listContent", `/content?${q()}&from=2025-06-01&to=2025-06-15`);
        expect((ranged.pagination as Json).total).toBe(inRange);
      });

      it("GET /content: a filter outside its view is a 422 naming it", async () => {
        for (const [query, name] of [
          ["view=IDEAS&status=PUBLISHED", "status"],
          ["view=PLANNED&stages[]=DECISION", "stages[]"],
          ["view=PRODUCED&sources[]=manual", "sources[]"],
          ["view=PRODUCED&from=2025-01-01", "from"],
          ["from=2025-06-10&to=2025-06-01", "to"],
          ["sources=manual", "sources"],
          ["stages=DECISION", "stages"],
        ] as const) {
          const r = await svc.get(t, `/content?${q()}&${query}`, bearer(svc.keys.all));
          expect(r.status, query).toBe(422);
          expect(Object.keys(r.body.data as object), query).toEqual([name]);
        }
      });

      it("GET the event catalog: 8010, three events, no iq.status_updated", async () => {
        const data = (await ok(
          svc,
          t,
          "getEventCatalog",
          `/api/workspace/${svc.demo.workspaceId}/webhooks/events`,
        )) as unknown as { event: string; group: string }[];
        expect(data.map((e) => [e.event, e.group])).toEqual([
          ["content.status_updated", "content"],
          ["opportunity_run.status_updated", "opportunity_run"],
          ["agent_task.status_updated", "agent_task"],
        ]);
        // The spec's catalog response names `messages` (code 8010, messages string, data).
        const r = await svc.get(
          t,
          `/api/workspace/${svc.demo.workspaceId}/webhooks/events`,
          bearer(svc.keys["content:read"]),
        );
        expect(r.body).toEqual({ code: 8010, messages: "webhook events", data });
      });
    });
  }

  it("pagination links use the configured public URL, never a Host the client sent", async () => {
    const path = `${API_PREFIX}/content?project_id=${svc.demo.mainProjectId}&view=IDEAS`;
    const headers = { ...bearer(svc.keys.all), host: "evil.example" };
    const echoed = await svc.app.inject({ method: "GET", url: path, headers });
    expect(new URL(echoed.json().data.pagination.next_url).host).toBe("evil.example");
    const app = createApp({
      store: svc.store,
      now: () => NOW,
      logger: false,
      rateLimit: false,
      publicUrl: "https://api.example.com",
    });
    try {
      const r = await app.inject({ method: "GET", url: path, headers });
      expect(r.json().data.pagination.next_url).toBe(`https://api.example.com${path}&page=2`);
    } finally {
      await app.close();
    }
  });
});
