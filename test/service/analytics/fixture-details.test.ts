/**
 * The figures fixture-endpoints.test.ts leaves out, on the same hand-built fixture (_fixture.ts):
 * the second competitor in full, every sort field in both directions, the home page's detail, cited
 * URLs without a limit and a citation repeated within one answer.
 * Range 7d: current 2025-03-05..03-11 (A1..A6), previous 02-26..03-04 (B1..B3).
 */
import { expect, it } from "vitest";
import { describeDatabases } from "../../store/_databases.js";
import { rateChange } from "./_expect.js";
import { IDS } from "./_fixture.js";
import {
  CITED_URL_RANKING,
  citingPrompt,
  dailySeries,
  GAMMA_PRICING_PAGE,
  HOME_PAGE_ROW,
} from "./_fixture-expected.js";
import { useFixture } from "./_use-fixture.js";

describeDatabases("analytics details on the hand-built fixture", (kind) => {
  const { get } = useFixture(kind);

  it("competitor detail of Gamma: every figure", async () => {
    expect(await get("getCompetitor", {}, { competitor: IDS.c2 })).toEqual({
      range: "7d",
      competitor: { id: IDS.c2, name: "Gamma", domain: "gamma.io" },
      mention_rate: rateChange(2 / 6, 0 / 3),
      citation_rate: rateChange(2 / 6, 0 / 3),
      prompt_coverage: { current: 2, previous: 0, total: 3, delta: 2 - 0 },
      // Gamma cited in none of A1 | A2 of A2, A3 | not A5 | A4 of A4, A6.
      citation_rate_trend: dailySeries(0 / 1, 1 / 2, 0 / 1, 1 / 2),
      citations_by_platform: [
        { platform: "chatgpt", snapshots: 4, citation_rate: 0 / 4 },
        { platform: "perplexity", snapshots: 2, citation_rate: 2 / 2 },
      ],
      top_cited_pages: [{ ...GAMMA_PRICING_PAGE, competitor_name: "Gamma" }],
    });
  });

  it("competitor pages of Gamma, and its single-page detail", async () => {
    const competitor = { id: IDS.c2, name: "Gamma", domain: "gamma.io" };
    expect(await get("getCompetitorPages", {}, { competitor: IDS.c2 })).toEqual({
      range: "7d",
      competitor,
      pages: [{ ...GAMMA_PRICING_PAGE, folder: "/pricing" }],
    });
    expect(await get("getCompetitorPages", { url: "gamma.io/pricing" }, { competitor: IDS.c2 })).toEqual({
      range: "7d",
      competitor,
      // 11 citations in the period (A6's second citation of beta.com/compare does not count).
      page: {
        ...GAMMA_PRICING_PAGE,
        folder: "/pricing",
        share: 2 / 11,
        // Cited in none of A1 | A2 of A2, A3 | not A5 | A4 of A4, A6.
        trend: dailySeries(0 / 1, 1 / 2, 0 / 1, 1 / 2),
      },
      // A2 (P1) and A4 (P2), one each; ties by text.
      prompts: [citingPrompt("p1", 1), citingPrompt("p2", 1)],
    });
  });

  it("your home page's detail: a stable hash id, folder /, share and trend", async () => {
    expect(await get("listPages", { url: "http://ACME.com/" })).toEqual({
      range: "7d",
      page: {
        ...HOME_PAGE_ROW,
        share: 1 / 11,
        // Cited in none of A1 | none of A2, A3 | not A5 | A4 of A4, A6.
        trend: dailySeries(0 / 1, 0 / 2, 0 / 1, 1 / 2),
      },
      prompts: [citingPrompt("p2", 1)],
    });
  });

  it("a URL cited twice in one answer counts once", async () => {
    // beta.com/compare: A1, A3 and A6 (twice in A6) now, B2 before.
    const beta = await get("getCompetitorPages", { url: "beta.com/compare" }, { competitor: IDS.c1 });
    expect("page" in beta && [beta.page.citations, beta.page.share]).toEqual([3, 3 / 11]);
    expect("prompts" in beta && beta.prompts).toEqual([citingPrompt("p1", 2), citingPrompt("p2", 1)]);
    const full = await get("getPromptAnswers", { full: "1", date: "2025-03-11" }, { prompt: IDS.p1 });
    expect(full.answers.map((a) => ("citations" in a ? a.citations : null))).toEqual([
      [
        { position: 1, url: "beta.com/compare", domain: "beta.com", title: null, tag: "competitor" },
        { position: 2, url: "wiki.org/acme", domain: "wiki.org", title: null, tag: null },
        { position: 3, url: "beta.com/compare", domain: "beta.com", title: null, tag: "competitor" },
      ],
    ]);
  });

  it("cited URLs with the default limit: all five, tied ranks 1, 1, 3, 3, 5", async () => {
    expect(await get("getCitedSources", { type: "url" })).toEqual({
      range: "7d",
      type: "url",
      total_citations: 11,
      // By URL or by domain, the same citations have the same owners.
      citations_by_owner: { you: 3, competitor: 5, other: 3 },
      sources: CITED_URL_RANKING,
    });
  });

  it("prompts: every sort field in both directions (ties by id)", async () => {
    // Rates now: P1 mention 2/3, citation 1/3; P2 1/2, 1/2; P3 1/1, 0/1. P1, P2 in Pricing; P3 none.
    const ids = async (sort: string, direction: string) =>
      (await get("listPrompts", { sort, direction })).prompts.map((p) => p.id);
    const { p1, p2, p3 } = IDS;
    expect(await ids("created_at", "desc")).toEqual([p3, p2, p1]);
    expect(await ids("created_at", "asc")).toEqual([p1, p2, p3]);
    expect(await ids("category", "asc")).toEqual([p1, p2, p3]);
    expect(await ids("category", "desc")).toEqual([p3, p1, p2]);
    expect(await ids("mention_rate", "asc")).toEqual([p2, p1, p3]);
    expect(await ids("mention_rate", "desc")).toEqual([p3, p1, p2]);
    expect(await ids("citation_rate", "asc")).toEqual([p3, p1, p2]);
    expect(await ids("citation_rate", "desc")).toEqual([p2, p1, p3]);
  });

  it("your pages: every sort field in both directions", async () => {
    // acme.com/blog/post-a: 2 citations, 2/6, 2 prompts; acme.com: 1, 1/6, 1.
    const urls = async (sort: string, direction: string) => {
      const res = await get("listPages", { sort, direction });
      return "rows" in res ? res.rows.map((r) => r.url) : [];
    };
    for (const sort of ["citations", "citation_rate", "unique_prompts"]) {
      expect(await urls(sort, "desc")).toEqual(["acme.com/blog/post-a", "acme.com"]);
      expect(await urls(sort, "asc")).toEqual(["acme.com", "acme.com/blog/post-a"]);
    }
  });
});
