/**
 * The full report on the hand-built fixture (_fixture.ts): every section in order, its totals
 * computed by hand, and each section equal to the focused endpoint it mirrors.
 */
import { beforeAll, expect, it } from "vitest";
import {
  REPORT_SECTION_KEYS,
  type ReportSection,
  type ReportSectionOf,
} from "../../../src/contract/index.js";
import { trendDay } from "../../fixtures/trend-day.js";
import { describeDatabases } from "../../store/_databases.js";
import { change, platformRow } from "./_expect.js";
import { IDS, NOW } from "./_fixture.js";
import { GAMMA_PRICING_PAGE, LATEST_ANSWER } from "./_fixture-expected.js";
import { useFixture } from "./_use-fixture.js";

describeDatabases("full report on the hand-built fixture", (kind) => {
  const { get } = useFixture(kind);
  let sections: ReportSection[];
  const section = <K extends ReportSection["key"]>(key: K) =>
    sections.find((s) => s.key === key) as ReportSectionOf<K>;

  beforeAll(async () => {
    const report = await get("getReport");
    expect(report.range).toBe("7d");
    expect(report.generated_at).toBe(NOW.toISOString());
    expect(report.period).toEqual({
      as_of: "2025-03-11",
      timezone: "Europe/Paris",
      start: "2025-03-05",
      end: "2025-03-11",
      previous_start: "2025-02-26",
      previous_end: "2025-03-04",
      compare: "previous",
      label: "5–11 March 2025",
      previous_label: "26 February – 4 March 2025",
      previous_days: 7,
      // B1 02-27, B3 03-01, B2 03-04.
      previous_days_with_data: 3,
    });
    sections = report.sections;
  });

  it("has the ten sections in order", () => {
    expect(sections.map((s) => s.key)).toEqual([...REPORT_SECTION_KEYS]);
  });

  it("summary equals the overview", async () => {
    const o = await get("getOverview");
    expect(section("summary")).toEqual({
      key: "summary",
      title: "Key figures",
      totals: {
        snapshots: change(6, 3),
        prompts: 3,
        platforms: 2,
        competitors: 2,
      },
      rows: [
        { metric: "mention_rate", label: "Mention rate", ...o.mention_rate },
        { metric: "citation_rate", label: "Citation rate", ...o.citation_rate },
        { metric: "share_of_voice", label: "Share of voice", ...o.share_of_voice },
      ],
    });
    expect(section("summary").rows[0]).toMatchObject({ current: 4 / 6, previous: 1 / 3 });
  });

  it("trend: one row per day with snapshots, its counts, and the previous period's days", () => {
    // day(date, snapshots, mentioned, cited, competitor mentions): the rates follow from the counts.
    const day = trendDay;
    expect(section("trend").totals).toEqual({ days: 4 });
    expect(section("trend").rows).toEqual([
      day("2025-03-05", 1, 1, 1, 1), // a1: c1 mentioned
      day("2025-03-06", 2, 1, 0, 2), // a2 (c1, c2 mentioned), a3
      day("2025-03-08", 1, 1, 0, 0), // a5
      day("2025-03-11", 2, 1, 1, 2), // a4 (c2), a6 (c1)
    ]);
    expect(section("trend").rows[1]?.share_of_voice).toBe(1 / 3);
    expect(section("trend").previous_rows).toEqual([
      day("2025-02-27", 1, 1, 1, 1), // b1 (c1)
      day("2025-03-01", 1, 0, 0, 0), // b3: no mention at all, share of voice 0
      day("2025-03-04", 1, 0, 0, 1), // b2 (c1)
    ]);
  });

  it("trend: the same days per platform and per category (extensions), each adding up to the days", () => {
    const day = trendDay;
    expect(section("trend").by_platform).toEqual([
      {
        platform: "chatgpt",
        // a1 (c1), a3, a5, a6 (c1); before: b1 (c1), b2 (c1).
        rows: [
          day("2025-03-05", 1, 1, 1, 1),
          day("2025-03-06", 1, 0, 0, 0),
          day("2025-03-08", 1, 1, 0, 0),
          day("2025-03-11", 1, 0, 0, 1),
        ],
        previous_rows: [day("2025-02-27", 1, 1, 1, 1), day("2025-03-04", 1, 0, 0, 1)],
      },
      {
        platform: "perplexity",
        // a2 (c1, c2), a4 (c2); before: b3.
        rows: [day("2025-03-06", 1, 1, 0, 2), day("2025-03-11", 1, 1, 1, 1)],
        previous_rows: [day("2025-03-01", 1, 0, 0, 0)],
      },
    ]);
    // Pricing holds p1 and p2; Reviews has no prompt, so no days; p3 has no category.
    expect(section("trend").by_category).toEqual([
      {
        category_id: IDS.k1,
        name: "Pricing",
        rows: [day("2025-03-05", 1, 1, 1, 1), day("2025-03-06", 2, 1, 0, 2), day("2025-03-11", 2, 1, 1, 2)],
        previous_rows: [day("2025-02-27", 1, 1, 1, 1), day("2025-03-04", 1, 0, 0, 1)],
      },
      {
        category_id: null,
        name: "Uncategorized",
        rows: [day("2025-03-08", 1, 1, 0, 0)],
        previous_rows: [day("2025-03-01", 1, 0, 0, 0)],
      },
    ]);
  });

  it("platforms: rates and deltas per platform", () => {
    expect(section("platforms").totals).toEqual({ platforms: 2, snapshots: 6 });
    expect(section("platforms").rows).toEqual([
      platformRow("chatgpt", 4, [2 / 4, 1 / 2], [1 / 4, 1 / 2], [2 / (2 + 2), 1 / (1 + 2)]),
      platformRow("perplexity", 2, [2 / 2, 0 / 1], [1 / 2, 0 / 1], [2 / (2 + 3), 0]),
    ]);
  });

  it("categories, competitors and cited sources equal their endpoints", async () => {
    expect(section("categories")).toEqual({
      key: "categories",
      title: "Categories",
      totals: { snapshots: 6 },
      rows: (await get("getCategories")).categories,
    });
    const lb = await get("getLeaderboard");
    expect(section("competitors")).toEqual({
      key: "competitors",
      title: "Competitors",
      totals: { total_snapshots: 6 },
      rows: lb.rows,
      your_position: lb.your_position,
    });
    const cs = await get("getCitedSources", { limit: "50" });
    expect(section("cited_sources")).toEqual({
      key: "cited_sources",
      title: "Cited sources",
      type: "domain",
      totals: { total_citations: 11, sources: 4, citations_by_owner: cs.citations_by_owner },
      rows: cs.sources,
    });
  });

  it("your pages, competitor pages and prompts equal their endpoints", async () => {
    const pages = await get("listPages");
    expect(section("your_pages").totals).toEqual({ pages: 2, citations: 2 + 1 });
    expect(section("your_pages").rows).toEqual("rows" in pages ? pages.rows : null);
    const beta = await get("getCompetitorPages", {}, { competitor: IDS.c1 });
    expect(section("competitor_pages").totals).toEqual({ pages: 2 });
    expect(section("competitor_pages").rows).toEqual([
      { ...("pages" in beta ? beta.pages[0] : {}), competitor_id: IDS.c1, competitor_name: "Beta" },
      { ...GAMMA_PRICING_PAGE, folder: "/pricing", competitor_id: IDS.c2, competitor_name: "Gamma" },
    ]);
    const prompts = await get("listPrompts");
    expect(section("prompts").totals).toEqual({ prompts: 3 });
    expect(section("prompts").rows).toEqual(
      prompts.prompts.map((p, i) => ({ ...p, snapshots: [1, 2, 3][i] })),
    );
  });

  it("answers: the latest answer per prompt and platform, newest first", () => {
    expect(section("answers").totals).toEqual({ answers: 5, shown: 5 });
    expect(section("answers").rows.map((a) => [a.id, a.prompt_id, a.platform, a.competitors])).toEqual([
      [IDS.a6, IDS.p1, "chatgpt", ["Beta"]],
      [IDS.a4, IDS.p2, "perplexity", ["Gamma"]],
      [IDS.a5, IDS.p3, "chatgpt", []],
      [IDS.a3, IDS.p2, "chatgpt", []],
      [IDS.a2, IDS.p1, "perplexity", ["Beta", "Gamma"]],
    ]);
    expect(section("answers").rows[0]).toEqual({
      ...LATEST_ANSWER,
      prompt_id: IDS.p1,
      prompt_text: "Best CRM for startups",
      competitors: ["Beta"],
    });
  });

  it("gaps: prompts whose answers name a competitor and not the brand, with what they show", () => {
    // 7d: only A6 (P1, chatgpt, 03-11) names a competitor (Beta) and not Acme; A3 names none.
    // P1's answers now: A1 chatgpt (Acme), A2 perplexity (Acme), A6 chatgpt (gap). A6 cites
    // beta.com/compare twice (one answer) and wiki.org/acme (not a competitor's page).
    expect(section("prompts").gaps).toEqual([
      {
        prompt_id: IDS.p1,
        prompt_text: "Best CRM for startups",
        category: "Pricing",
        snapshots: 3,
        mentioned: 2,
        gap_answers: 1,
        platforms: ["chatgpt", "perplexity"],
        gap_platforms: ["chatgpt"],
        brand_platforms: ["chatgpt", "perplexity"],
        competitors: [{ name: "Beta", answers: 1 }],
        pages: [{ url: "beta.com/compare", competitor_name: "Beta", citations: 1 }],
        latest: { answer_id: IDS.a6, platform: "chatgpt", collected_at: "2025-03-10T23:20:00.000Z" },
      },
    ]);
  });

  it("gaps over 30 days: two prompts, equal gaps ranked by prompt text", async () => {
    const report = await get("getReport", { range: "30d" });
    const prompts = report.sections.find((s) => s.key === "prompts") as ReportSectionOf<"prompts">;
    // 02-10..03-11 adds B1, B2, B3 and O1. B2 (P2, chatgpt, 03-04) names Beta and not Acme and
    // cites beta.com/compare. P1: A1, A2, A6, B1, O1 (4 name Acme); P2: A3, A4, B2 (A4 names Acme,
    // on perplexity only). One platform and one gap answer each: "Best…" before "CRM…".
    expect(prompts.gaps.map((g) => [g.prompt_id, g.snapshots, g.mentioned, g.gap_answers])).toEqual([
      [IDS.p1, 5, 4, 1],
      [IDS.p2, 3, 1, 1],
    ]);
    expect(prompts.gaps[1]).toMatchObject({
      platforms: ["chatgpt", "perplexity"],
      gap_platforms: ["chatgpt"],
      brand_platforms: ["perplexity"],
      competitors: [{ name: "Beta", answers: 1 }],
      pages: [{ url: "beta.com/compare", competitor_name: "Beta", citations: 1 }],
      latest: { answer_id: IDS.b2, platform: "chatgpt", collected_at: "2025-03-04T09:00:00.000Z" },
    });
  });
});
