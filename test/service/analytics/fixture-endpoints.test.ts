/**
 * Every figure of every analytics endpoint on the hand-built fixture (see _fixture.ts for the
 * answers table), written as the fractions computed by hand. Range 7d unless stated:
 * current 2025-03-05..03-11 (6 snapshots: A1..A6), previous 02-26..03-04 (3 snapshots: B1..B3).
 */
import { expect, it } from "vitest";
import { describeDatabases } from "../../store/_databases.js";
import { REQUEST_URL } from "./_context.js";
import { categoryRow, leaderboard, leaderRow, rateChange, yourPosition } from "./_expect.js";
import { IDS } from "./_fixture.js";
import {
  CITED_URL_RANKING,
  citingPrompt,
  dailySeries,
  HOME_PAGE_ROW,
  LATEST_ANSWER,
  PRICING,
  pageFigures,
  promptRow,
} from "./_fixture-expected.js";
import { useFixture } from "./_use-fixture.js";

describeDatabases("analytics on the hand-built fixture", (kind) => {
  const { get } = useFixture(kind);

  it("overview: rates, share of voice and the daily trend", async () => {
    expect(await get("getOverview")).toEqual({
      range: "7d",
      mention_rate: rateChange(4 / 6, 1 / 3),
      citation_rate: rateChange(2 / 6, 1 / 3),
      share_of_voice: rateChange(4 / 9, 1 / 3),
      trend_series: {
        // Brand mentioned in A1 | A2 of A2, A3 | A5 | A4 of A4, A6.
        mention: dailySeries(1 / 1, 1 / 2, 1 / 1, 1 / 2),
        // Brand cited in A1 | none of A2, A3 | not A5 | A4 of A4, A6.
        citation: dailySeries(1 / 1, 0 / 2, 0 / 1, 1 / 2),
      },
    });
  });

  it("overview 30d: an empty previous period gives zero rates", async () => {
    const o = await get("getOverview", { range: "30d" });
    // 02-10..03-11 holds A1..A6, B1..B3 and O1; the previous 30 days hold nothing.
    expect(o.range).toBe("30d");
    expect(o.mention_rate).toEqual(rateChange(6 / 10, 0));
    expect(o.citation_rate).toEqual(rateChange(4 / 10, 0));
    expect(o.share_of_voice.current).toBe(6 / (6 + 5 + 2));
  });

  it("leaderboard: brand first, competitors by mention rate, tied ranks", async () => {
    // Citation: Beta 3/6 first; Acme and Gamma tie at 2/6.
    const position = yourPosition([1, 4 / 6, 1 / 3], [2, 2 / 6, 1 / 3], [1, 4 / 9, 1 / 3]);
    expect(await get("getLeaderboard")).toEqual(
      leaderboard(6, position, [
        leaderRow("Acme", true, [4 / 6, 1 / 3], [2 / 6, 1 / 3], [4 / 9, 1 / 3]),
        leaderRow("Beta", false, [3 / 6, 2 / 3], [3 / 6, 2 / 3], [3 / 9, 2 / 3]),
        leaderRow("Gamma", false, [2 / 6, 0 / 3], [2 / 6, 0 / 3], [2 / 9, 0 / 3]),
      ]),
    );
  });

  it("categories: every category in order, Uncategorized last with null id and color", async () => {
    expect(await get("getCategories")).toEqual({
      range: "7d",
      categories: [
        categoryRow(IDS.k1, "Pricing", "#ff0000", 5, [3 / 5, 1 / 2], [2 / 5, 1 / 2]),
        categoryRow(IDS.k2, "Reviews", "#00ff00", 0, [0, 0], [0, 0]),
        categoryRow(null, "Uncategorized", null, 1, [1 / 1, 0 / 1], [0 / 1, 0]),
      ],
    });
  });

  it("competitor detail: rates, coverage, trend, platforms, top pages", async () => {
    expect(await get("getCompetitor", {}, { competitor: IDS.c1 })).toEqual({
      range: "7d",
      competitor: { id: IDS.c1, name: "Beta", domain: "beta.com" },
      mention_rate: rateChange(3 / 6, 2 / 3),
      citation_rate: rateChange(3 / 6, 2 / 3),
      // Mentioned in P1 only now (A1, A2, A6), in P1 and P2 before (B1, B2); P1..P3 have snapshots now.
      prompt_coverage: { current: 1, previous: 2, total: 3, delta: 1 - 2 },
      // Beta cited in A1 | A3 of A2, A3 | not A5 | A6 of A4, A6.
      citation_rate_trend: dailySeries(1 / 1, 1 / 2, 0 / 1, 1 / 2),
      citations_by_platform: [
        { platform: "chatgpt", snapshots: 4, citation_rate: 3 / 4 },
        { platform: "perplexity", snapshots: 2, citation_rate: 0 / 2 },
      ],
      top_cited_pages: [
        {
          url: "beta.com/compare",
          citations: 3,
          citations_delta: 3 - 1,
          citation_rate: 3 / 6,
          citation_rate_delta: 3 / 6 - 1 / 3,
          unique_prompts: 2,
          unique_prompts_delta: 2 - 1,
          competitor_name: "Beta",
        },
      ],
    });
    const gamma = await get("getCompetitor", {}, { competitor: IDS.c2 });
    expect(gamma.mention_rate).toEqual(rateChange(2 / 6, 0));
    expect(gamma.prompt_coverage).toEqual({ current: 2, previous: 0, total: 3, delta: 2 });
    expect(gamma.citations_by_platform).toEqual([
      { platform: "chatgpt", snapshots: 4, citation_rate: 0 / 4 },
      { platform: "perplexity", snapshots: 2, citation_rate: 2 / 2 },
    ]);
    expect(gamma.citation_rate_trend.map((p) => p.value)).toEqual([0 / 1, 1 / 2, 0 / 1, 1 / 2]);
    expect(gamma.top_cited_pages.map((p) => [p.url, p.citations, p.citation_rate, p.unique_prompts])).toEqual(
      [["gamma.io/pricing", 2, 2 / 6, 2]],
    );
  });

  it("competitor ids that are unknown, malformed or another project's are 404", async () => {
    for (const competitor of [IDS.otherCompetitor, IDS.p1, "nope"]) {
      await expect(get("getCompetitor", {}, { competitor })).rejects.toMatchObject({
        status: 404,
        message: "competitor not found",
      });
      await expect(get("getCompetitorPages", {}, { competitor })).rejects.toMatchObject({ status: 404 });
    }
  });

  const betaCompare = {
    ...pageFigures("beta.com/compare", [3, 1], [3 / 6, 1 / 3], [2, 1]),
    folder: "/compare",
  };

  it("competitor pages: the list and the case-insensitive URL search", async () => {
    const competitor = { id: IDS.c1, name: "Beta", domain: "beta.com" };
    // beta.com/blog/x was cited only in the previous period: not listed.
    expect(await get("getCompetitorPages", {}, { competitor: IDS.c1 })).toEqual({
      range: "7d",
      competitor,
      pages: [betaCompare],
    });
    expect(await get("getCompetitorPages", { search: "COMP" }, { competitor: IDS.c1 })).toMatchObject({
      pages: [betaCompare],
    });
    expect(await get("getCompetitorPages", { search: "pricing" }, { competitor: IDS.c1 })).toMatchObject({
      pages: [],
    });
  });

  it("competitor page detail: share, daily trend and citing prompts; url normalized", async () => {
    expect(
      await get(
        "getCompetitorPages",
        { url: "HTTPS://www.Beta.com/Compare/?ref=x", search: "zzz" },
        { competitor: IDS.c1 },
      ),
    ).toEqual({
      range: "7d",
      competitor: { id: IDS.c1, name: "Beta", domain: "beta.com" },
      // 11 citations in the period: acme.com/blog/post-a 2, acme.com 1, beta.com/compare 3, wiki.org/acme 3, gamma.io/pricing 2.
      page: {
        ...betaCompare,
        share: 3 / 11,
        // Cited in A1 | A3 of A2, A3 | not A5 | A6 of A4, A6.
        trend: dailySeries(1 / 1, 1 / 2, 0 / 1, 1 / 2),
      },
      prompts: [citingPrompt("p1", 2), citingPrompt("p2", 1)],
    });
    const old = await get("getCompetitorPages", { url: "beta.com/blog/x" }, { competitor: IDS.c1 });
    expect("page" in old && old.page).toMatchObject({
      citations: 0,
      citations_delta: 0 - 1,
      citation_rate: 0,
      citation_rate_delta: 0 - 1 / 3,
      unique_prompts: 0,
      unique_prompts_delta: 0 - 1,
      share: 0 / 11,
      trend: [0, 0, 0, 0].map((value, i) => ({
        date: ["2025-03-05", "2025-03-06", "2025-03-08", "2025-03-11"][i],
        value,
      })),
    });
    for (const url of ["gamma.io/pricing", "acme.com", "unknown.com/x"]) {
      await expect(get("getCompetitorPages", { url }, { competitor: IDS.c1 })).rejects.toMatchObject({
        status: 404,
        message: "page not found",
      });
    }
  });

  const prompts = {
    p1: promptRow("p1", PRICING, [2 / 3, 1 / 1], [1 / 3, 1 / 1], "2025-03-10T23:20:00.000Z"),
    // F1 (collected 03-12) is after the as-of day.
    p2: promptRow("p2", PRICING, [1 / 2, 0 / 1], [1 / 2, 0 / 1], "2025-03-10T23:10:00.000Z"),
    p3: promptRow("p3", null, [1 / 1, 0 / 1], [0 / 1, 0], "2025-03-08T09:00:00.000Z"),
  };

  /** The pagination of a single page holding all `total` rows. */
  const onePage = (total: number) => ({
    from: 1,
    to: total,
    count: total,
    per_page: 25,
    current_page: 1,
    total,
    total_pages: 1,
    next_url: null,
    prev_url: null,
  });

  it("prompts: rates per prompt, newest first by default, with a single page", async () => {
    expect(await get("listPrompts")).toEqual({
      range: "7d",
      prompts: [prompts.p3, prompts.p2, prompts.p1],
      pagination: onePage(3),
    });
  });

  it("prompts: search, category filters, sorts and page links", async () => {
    const ids = async (q: Record<string, string>) => (await get("listPrompts", q)).prompts.map((p) => p.id);
    expect(await ids({ search: "PRICING" })).toEqual([IDS.p2]);
    expect(await ids({ search: "crm" })).toHaveLength(3);
    expect(await ids({ category: IDS.k1 })).toEqual([IDS.p2, IDS.p1]);
    expect(await ids({ category: IDS.k2 })).toEqual([]);
    expect(await ids({ category: "__uncategorized__" })).toEqual([IDS.p3]);
    expect(await ids({ sort: "mention_rate", direction: "asc" })).toEqual([IDS.p2, IDS.p1, IDS.p3]);
    expect(await ids({ sort: "citation_rate", direction: "desc" })).toEqual([IDS.p2, IDS.p1, IDS.p3]);
    expect(await ids({ sort: "created_at", direction: "asc" })).toEqual([IDS.p1, IDS.p2, IDS.p3]);
    expect(await ids({ sort: "category", direction: "asc" })).toEqual([IDS.p1, IDS.p2, IDS.p3]);
    const first = await get("listPrompts", { sort: "mention_rate", direction: "asc", per_page: "2" });
    expect(first.prompts.map((p) => p.id)).toEqual([IDS.p2, IDS.p1]);
    expect(first.pagination).toMatchObject({
      from: 1,
      to: 2,
      count: 2,
      total: 3,
      total_pages: 2,
      prev_url: null,
    });
    expect(first.pagination.next_url).toMatch(new RegExp(`^${REQUEST_URL}\\?`));
    expect(new URL(first.pagination.next_url!).searchParams.get("page")).toBe("2");
    expect(new URL(first.pagination.next_url!).searchParams.get("sort")).toBe("mention_rate");
    const second = await get("listPrompts", {
      sort: "mention_rate",
      direction: "asc",
      per_page: "2",
      page: "2",
    });
    expect(second.prompts).toEqual([prompts.p3]);
    expect(second.pagination).toMatchObject({ from: 3, to: 3, count: 1, current_page: 2, next_url: null });
    expect(new URL(second.pagination.prev_url!).searchParams.get("page")).toBe("1");
    const past = await get("listPrompts", { page: "9" });
    expect(past.prompts).toEqual([]);
    expect(past.pagination).toMatchObject({ from: 0, to: 0, count: 0, total: 3, next_url: null });
  });

  it("prompt answers: compact, newest first, current period only, with filters", async () => {
    const res = await get("getPromptAnswers", {}, { prompt: IDS.p1 });
    expect(res.prompt).toEqual({ id: IDS.p1, text: "Best CRM for startups", status: "PENDING" });
    expect(res.answers).toEqual([
      LATEST_ANSWER,
      expect.objectContaining({
        id: IDS.a2,
        platform: "perplexity",
        brand_mentioned: true,
        brand_cited: false,
      }),
      expect.objectContaining({ id: IDS.a1, collected_at: "2025-03-05T09:00:00.000Z", brand_cited: true }),
    ]);
    expect("text" in res.answers[0]!).toBe(false);
    const ids = async (q: Record<string, string>) =>
      (await get("getPromptAnswers", q, { prompt: IDS.p1 })).answers.map((a) => a.id);
    expect(await ids({ platform: "perplexity" })).toEqual([IDS.a2]);
    expect(await ids({ date: "2025-03-05" })).toEqual([IDS.a1]);
    expect(await ids({ date: "2025-02-27" })).toEqual([]);
    expect(await ids({ range: "30d" })).toEqual([IDS.a6, IDS.a2, IDS.a1, IDS.b1, IDS.o1]);
  });

  it("prompt answers full=1: text, citations, excerpts and detected competitors", async () => {
    const res = await get("getPromptAnswers", { full: "1", date: "2025-03-05" }, { prompt: IDS.p1 });
    expect(res.answers).toEqual([
      {
        id: IDS.a1,
        platform: "chatgpt",
        status: "COLLECTED",
        collected_at: "2025-03-05T09:00:00.000Z",
        preview: "preview 61",
        brand_mentioned: true,
        brand_cited: true,
        competitor_found: true,
        error_message: null,
        text: "text 61",
        citations: [
          { position: 1, url: "acme.com/blog/post-a", domain: "acme.com", title: "Post A", tag: "you" },
          { position: 2, url: "beta.com/compare", domain: "beta.com", title: null, tag: "competitor" },
        ],
        mention_excerpts: ["Acme in 61"],
        competitors: [{ id: IDS.c1, name: "Beta", cited: true }],
      },
    ]);
    const a2 = await get("getPromptAnswers", { full: "1", platform: "perplexity" }, { prompt: IDS.p1 });
    expect(a2.answers[0]).toMatchObject({
      citations: [
        { position: 1, url: "wiki.org/acme", domain: "wiki.org", title: null, tag: null },
        { position: 2, url: "gamma.io/pricing", domain: "gamma.io", title: null, tag: "competitor" },
      ],
      competitors: [
        { id: IDS.c1, name: "Beta", cited: false },
        { id: IDS.c2, name: "Gamma", cited: true },
      ],
    });
  });

  it("prompt ids that are unknown, malformed or another project's are 404", async () => {
    for (const prompt of [IDS.otherPrompt, IDS.c1, "x"]) {
      await expect(get("getPromptAnswers", {}, { prompt })).rejects.toMatchObject({
        status: 404,
        message: "prompt not found",
      });
    }
  });

  const postA = {
    id: IDS.sitePage,
    ...pageFigures("acme.com/blog/post-a", [2, 1], [2 / 6, 1 / 3], [2, 1]),
    folder: "/blog",
  };

  it("your pages: rows, content-map ids or stable hashes, sorting and pagination", async () => {
    expect(await get("listPages")).toEqual({
      range: "7d",
      totals: { pages: 2 },
      rows: [postA, HOME_PAGE_ROW],
      pagination: onePage(2),
    });
    expect(HOME_PAGE_ROW.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const urls = async (q: Record<string, string>) => {
      const res = await get("listPages", q);
      return "rows" in res ? res.rows.map((r) => r.url) : [];
    };
    expect(await urls({ sort: "unique_prompts", direction: "asc" })).toEqual([
      "acme.com",
      "acme.com/blog/post-a",
    ]);
    expect(await urls({ sort: "citation_rate", direction: "desc" })).toEqual([
      "acme.com/blog/post-a",
      "acme.com",
    ]);
    const p2 = await get("listPages", { per_page: "1", page: "2" });
    expect(p2).toMatchObject({
      rows: [HOME_PAGE_ROW],
      pagination: { from: 2, to: 2, total: 2, total_pages: 2, next_url: null },
    });
  });

  it("your page detail: share, trend and citing prompts; 404 for unknown or foreign pages", async () => {
    expect(
      await get("listPages", {
        url: "https://www.Acme.com/Blog/Post-A/?utm_source=x",
        sort: "unique_prompts",
      }),
    ).toEqual({
      range: "7d",
      page: {
        ...postA,
        share: 2 / 11,
        // Cited in A1 | none of A2, A3 | not A5 | A4 of A4, A6.
        trend: dailySeries(1 / 1, 0 / 2, 0 / 1, 1 / 2),
      },
      prompts: [citingPrompt("p1", 1), citingPrompt("p2", 1)],
    });
    for (const url of ["beta.com/compare", "acme.com/nope", "other.com/x"]) {
      await expect(get("listPages", { url })).rejects.toMatchObject({
        status: 404,
        message: "page not found",
      });
    }
  });

  it("cited sources: domains and URLs with shares of all citations and tied ranks", async () => {
    expect(await get("getCitedSources")).toEqual({
      range: "7d",
      type: "domain",
      total_citations: 11,
      // acme.com is the brand's (3); beta.com (3) and gamma.io (2) competitors'; wiki.org nobody's (3).
      citations_by_owner: { you: 3, competitor: 3 + 2, other: 3 },
      sources: [
        { rank: 1, value: "acme.com", citations: 3, share: 3 / 11, tag: "you" },
        { rank: 1, value: "beta.com", citations: 3, share: 3 / 11, tag: "competitor" },
        { rank: 1, value: "wiki.org", citations: 3, share: 3 / 11, tag: null },
        { rank: 4, value: "gamma.io", citations: 2, share: 2 / 11, tag: "competitor" },
      ],
    });
    const byUrl = await get("getCitedSources", { type: "url", limit: "4" });
    expect(byUrl.total_citations).toBe(11);
    // The first four of the five ranked URLs (the fifth is acme.com, 1 citation).
    expect(byUrl.sources).toEqual(CITED_URL_RANKING.slice(0, 4));
    expect((await get("getCitedSources", { limit: "1" })).sources).toHaveLength(1);
  });
});
