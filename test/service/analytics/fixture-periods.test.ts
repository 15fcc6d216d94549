/**
 * Period boundaries on the hand-built fixture (_fixture.ts) at other as-of days, figures as
 * fractions computed by hand:
 * - as-of 03-04 (7d): current 02-26..03-04 = B1..B3, previous 02-19..02-25 = O1, and the day
 *   before the previous period lies before the first answer (the cumulative tables' lower clamp);
 * - as-of 03-25 (7d): an empty current period 03-19..03-25 after the last answer (upper clamp),
 *   previous 03-12..03-18 = F1 only; no Uncategorized row (P3 has no data in either period);
 * - as-of 03-13 (7d): the report's latest answers when the period ends after the last answer day.
 */
import { expect, it } from "vitest";
import type { ReportSection, ReportSectionOf } from "../../../src/contract/index.js";
import { describeDatabases } from "../../store/_databases.js";
import { categoryRow, change, leaderboard, leaderRow, rateChange, yourPosition } from "./_expect.js";
import { IDS } from "./_fixture.js";
import { series } from "./_fixture-expected.js";
import { useFixture } from "./_use-fixture.js";

describeDatabases("period boundaries on the hand-built fixture", (kind) => {
  const { at } = useFixture(kind);

  const early = at("2025-03-04");
  const late = at("2025-03-25");

  it("as-of 03-04: overview and leaderboard", async () => {
    // The days of 02-26..03-04 with snapshots: B1, B3, B2.
    const DAYS = ["2025-02-27", "2025-03-01", "2025-03-04"];
    // B1 mentions and cites Acme; Beta is mentioned and cited in B1 and B2; O1 mentions and cites Acme.
    expect(await early("getOverview")).toEqual({
      range: "7d",
      mention_rate: rateChange(1 / 3, 1 / 1),
      citation_rate: rateChange(1 / 3, 1 / 1),
      share_of_voice: rateChange(1 / (1 + 2), 1 / (1 + 0)),
      trend_series: {
        mention: series(DAYS, [1 / 1, 0 / 1, 0 / 1]),
        citation: series(DAYS, [1 / 1, 0 / 1, 0 / 1]),
      },
    });
    const position = yourPosition([2, 1 / 3, 1 / 1], [2, 1 / 3, 1 / 1], [2, 1 / 3, 1 / 1]);
    expect(await early("getLeaderboard")).toEqual(
      leaderboard(3, position, [
        leaderRow("Acme", true, [1 / 3, 1 / 1], [1 / 3, 1 / 1], [1 / 3, 1 / 1]),
        leaderRow("Beta", false, [2 / 3, 0 / 1], [2 / 3, 0 / 1], [2 / 3, 0 / 1]),
        leaderRow("Gamma", false, [0 / 3, 0], [0 / 3, 0], [0 / 3, 0]),
      ]),
    );
  });

  it("as-of 03-04: categories, coverage, pages and cited sources", async () => {
    expect((await early("getCategories")).categories).toEqual([
      categoryRow(IDS.k1, "Pricing", "#ff0000", 2, [1 / 2, 1 / 1], [1 / 2, 1 / 1]),
      categoryRow(IDS.k2, "Reviews", "#00ff00", 0, [0, 0], [0, 0]),
      categoryRow(null, "Uncategorized", null, 1, [0 / 1, 0], [0 / 1, 0]),
    ]);
    const beta = await early("getCompetitor", {}, { competitor: IDS.c1 });
    expect(beta.prompt_coverage).toEqual({ current: 2, previous: 0, total: 3, delta: 2 - 0 });
    const pages = await early("listPages");
    expect("rows" in pages && pages.rows).toEqual([
      {
        id: IDS.sitePage,
        url: "acme.com/blog/post-a",
        folder: "/blog",
        citations: 1,
        citations_delta: 1 - 1,
        citation_rate: 1 / 3,
        citation_rate_delta: 1 / 3 - 1 / 1,
        unique_prompts: 1,
        unique_prompts_delta: 1 - 1,
      },
    ]);
    // B1 cites acme.com/blog/post-a and beta.com/blog/x; B2 cites beta.com/compare.
    expect(await early("getCitedSources")).toEqual({
      range: "7d",
      type: "domain",
      total_citations: 3,
      citations_by_owner: { you: 1, competitor: 2, other: 0 },
      sources: [
        { rank: 1, value: "beta.com", citations: 2, share: 2 / 3, tag: "competitor" },
        { rank: 2, value: "acme.com", citations: 1, share: 1 / 3, tag: "you" },
      ],
    });
  });

  it("as-of 03-25: an empty current period gives zero rates and empty trends", async () => {
    expect(await late("getOverview")).toEqual({
      range: "7d",
      mention_rate: rateChange(0, 1 / 1),
      citation_rate: rateChange(0, 1 / 1),
      share_of_voice: rateChange(0, 1 / (1 + 0)),
      trend_series: { mention: [], citation: [] },
    });
    const lb = await late("getLeaderboard");
    expect(lb.total_snapshots).toBe(0);
    expect(lb.your_position).toEqual({
      mention: { rank: 1, value: 0, delta: -1 },
      citation: { rank: 1, value: 0, delta: -1 },
      sov: { rank: 1, value: 0, delta: -1 },
    });
    expect(lb.rows.map((r) => [r.name, r.mention_rate, r.mention_delta, r.sov_delta])).toEqual([
      ["Acme", 0, -1, -1],
      ["Beta", 0, 0, 0],
      ["Gamma", 0, 0, 0],
    ]);
  });

  it("as-of 03-25: no Uncategorized row without uncategorized data", async () => {
    expect((await late("getCategories")).categories).toEqual([
      categoryRow(IDS.k1, "Pricing", "#ff0000", 0, [0, 1 / 1], [0, 1 / 1]),
      categoryRow(IDS.k2, "Reviews", "#00ff00", 0, [0, 0], [0, 0]),
    ]);
  });

  it("as-of 03-25: prompts, pages and the home page's detail", async () => {
    const prompts = (await late("listPrompts", { sort: "created_at", direction: "asc" })).prompts;
    expect(prompts.map((p) => [p.id, p.mention_rate, p.mention_rate_delta, p.last_collected_at])).toEqual([
      [IDS.p1, 0, 0, "2025-03-10T23:20:00.000Z"],
      [IDS.p2, 0, 0 - 1 / 1, "2025-03-12T09:00:00.000Z"],
      [IDS.p3, 0, 0, "2025-03-08T09:00:00.000Z"],
    ]);
    const pages = await late("listPages");
    expect("totals" in pages && [pages.totals, pages.rows]).toEqual([{ pages: 0 }, []]);
    const home = await late("listPages", { url: "acme.com" });
    expect(home).toMatchObject({
      page: {
        url: "acme.com",
        citations: 0,
        citations_delta: 0 - 1,
        citation_rate: 0,
        citation_rate_delta: 0 - 1 / 1,
        unique_prompts: 0,
        unique_prompts_delta: 0 - 1,
        share: 0,
        trend: [],
      },
      prompts: [],
    });
  });

  it("as-of 03-25: the report of an empty period", async () => {
    const sections = (await late("getReport")).sections;
    const section = <K extends ReportSection["key"]>(key: K) =>
      sections.find((s) => s.key === key) as ReportSectionOf<K>;
    expect(section("summary").totals).toEqual({
      snapshots: change(0, 1),
      prompts: 0,
      platforms: 0,
      competitors: 2,
    });
    expect(section("trend")).toMatchObject({ totals: { days: 0 }, rows: [] });
    expect(section("platforms")).toMatchObject({ totals: { platforms: 0, snapshots: 0 }, rows: [] });
    expect(section("answers")).toMatchObject({ totals: { answers: 0, shown: 0 }, rows: [] });
  });

  it("as-of 03-13: the latest answer per prompt and platform when the period ends after the last answer", async () => {
    // Current 03-07..03-13: A4 (P2 perplexity), A5 (P3 chatgpt), A6 (P1 chatgpt), F1 (P2 chatgpt);
    // P1 perplexity's latest answer (A2, 03-06) is before the period.
    const sections = (await at("2025-03-13")("getReport")).sections;
    const answers = sections.find((s) => s.key === "answers") as ReportSectionOf<"answers">;
    expect(answers.totals).toEqual({ answers: 4, shown: 4 });
    expect(answers.rows.map((a) => [a.id, a.prompt_id, a.platform, a.collected_at, a.competitors])).toEqual([
      [IDS.f1, IDS.p2, "chatgpt", "2025-03-12T09:00:00.000Z", []],
      [IDS.a6, IDS.p1, "chatgpt", "2025-03-10T23:20:00.000Z", ["Beta"]],
      [IDS.a4, IDS.p2, "perplexity", "2025-03-10T23:10:00.000Z", ["Gamma"]],
      [IDS.a5, IDS.p3, "chatgpt", "2025-03-08T09:00:00.000Z", []],
    ]);
  });
});
