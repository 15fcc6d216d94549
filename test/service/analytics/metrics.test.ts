import { describe, expect, it } from "vitest";
import { citedSources } from "../../../src/service/analytics/metrics/cited-sources.js";
import { pageRow, type UrlSums, urlHashId } from "../../../src/service/analytics/metrics/pages.js";
import { competitionRanks } from "../../../src/service/analytics/metrics/ranks.js";
import { metric, rate, shareOfVoice } from "../../../src/service/analytics/metrics/rates.js";

const url = (u: string, owner: UrlSums["owner"], cur: number, prev = 0): UrlSums => ({
  urlId: u,
  url: u,
  domain: u.split("/")[0]!,
  owner,
  competitorId: null,
  sitePageId: null,
  current: { citations: cur, uniquePrompts: cur },
  previous: { citations: prev, uniquePrompts: prev },
});

describe("pure metrics", () => {
  it("rates are zero without snapshots; deltas come from unrounded values", () => {
    expect(rate(3, 0)).toBe(0);
    expect(rate(3, 8)).toBe(3 / 8);
    expect(shareOfVoice(0, 0)).toBe(0);
    expect(metric(2 / 3, 1 / 3)).toEqual({ current: 2 / 3, previous: 1 / 3, delta: 2 / 3 - 1 / 3 });
  });

  it("competition ranks: 1 is best, ties share a rank", () => {
    expect(competitionRanks([0.5, 0.7, 0.5, 0.1])).toEqual([2, 1, 2, 4]);
    expect(competitionRanks([3, 3, 3])).toEqual([1, 1, 1]);
    // Equal fractions divide to the same double, so they tie.
    expect(competitionRanks([1 / 3, 2 / 6])).toEqual([1, 1]);
  });

  it("page rows: folder, stable hash id, rate over all snapshots", () => {
    const row = pageRow(url("acme.com/blog/a", "you", 3, 1), { current: 8, previous: 4 });
    expect(row).toEqual({
      id: urlHashId("acme.com/blog/a"),
      url: "acme.com/blog/a",
      folder: "/blog",
      citations: 3,
      citations_delta: 2,
      citation_rate: 3 / 8,
      citation_rate_delta: 3 / 8 - 1 / 4,
      unique_prompts: 3,
      unique_prompts_delta: 2,
    });
    expect(urlHashId("acme.com/blog/a")).toBe(urlHashId("acme.com/blog/a"));
    expect(urlHashId("acme.com/blog/a")).not.toBe(urlHashId("acme.com/blog/b"));
  });

  it("cited sources: domain groups URLs, strongest tag wins, shares of all citations", () => {
    const urls = [
      url("a.com/x", "other", 2),
      url("a.com/y", "you", 1),
      url("b.com", "competitor", 3),
      url("c.com", "other", 0),
    ];
    expect(citedSources(urls, "domain", 10)).toEqual([
      { rank: 1, value: "a.com", citations: 3, share: 3 / 6, tag: "you" },
      { rank: 1, value: "b.com", citations: 3, share: 3 / 6, tag: "competitor" },
    ]);
    expect(citedSources(urls, "url", 2).map((s) => [s.rank, s.value])).toEqual([
      [1, "b.com"],
      [2, "a.com/x"],
    ]);
  });
});
