/**
 * Hand-computed expectations on the hand-built fixture (_fixture.ts) that the fixture suites
 * (fixture-endpoints, fixture-details, fixture-report) share. Range 7d as of NOW: the current
 * period 2025-03-05..03-11 has snapshots on four days, 03-05 (A1), 03-06 (A2, A3), 03-08 (A5) and
 * 03-11 (A4, A6); the previous period 02-26..03-04 holds B1..B3.
 */
import { urlHashId } from "../../../src/service/analytics/metrics/pages.js";
import { IDS } from "./_fixture.js";

/**
 * Gamma's pricing page as a competitor page row: mentioned in A2 (P1) and A4 (P2), cited in both;
 * nothing before.
 */
export const GAMMA_PRICING_PAGE = {
  url: "gamma.io/pricing",
  citations: 2,
  citations_delta: 2 - 0,
  citation_rate: 2 / 6,
  citation_rate_delta: 2 / 6 - 0 / 3,
  unique_prompts: 2,
  unique_prompts_delta: 2 - 0,
};

/** A page row's figures; its citations, citation rate and unique prompts each as [current, previous]. */
export function pageFigures(
  url: string,
  citations: [number, number],
  citationRate: [number, number],
  uniquePrompts: [number, number],
) {
  return {
    url,
    citations: citations[0],
    citations_delta: citations[0] - citations[1],
    citation_rate: citationRate[0],
    citation_rate_delta: citationRate[0] - citationRate[1],
    unique_prompts: uniquePrompts[0],
    unique_prompts_delta: uniquePrompts[0] - uniquePrompts[1],
  };
}

/** The latest answer, A6 (P1 on ChatGPT, 03-10 23:20), as an answers row. */
export const LATEST_ANSWER = {
  id: IDS.a6,
  platform: "chatgpt",
  status: "COLLECTED",
  collected_at: "2025-03-10T23:20:00.000Z",
  preview: "preview 66",
  brand_mentioned: false,
  brand_cited: false,
  competitor_found: true,
  error_message: null,
};

/** A trend: one point a day, the values in the order of the dates. */
export function series(dates: string[], values: number[]) {
  return dates.map((date, i) => ({ date, value: values[i]! }));
}

/**
 * A daily trend over the four days of the current period that have snapshots, each value being
 * a rate among that day's snapshots (1 on 03-05, 2 on 03-06, 1 on 03-08, 2 on 03-11).
 */
export function dailySeries(mar05: number, mar06: number, mar08: number, mar11: number) {
  return series(["2025-03-05", "2025-03-06", "2025-03-08", "2025-03-11"], [mar05, mar06, mar08, mar11]);
}

/** Each prompt's text and creation time, as _fixture.ts inserts them. */
const PROMPTS = {
  p1: { text: "Best CRM for startups", created_at: "2025-01-01T00:00:00.000Z" },
  p2: { text: "CRM pricing comparison", created_at: "2025-01-02T00:00:00.000Z" },
  p3: { text: "How to choose a crm tool", created_at: "2025-01-03T00:00:00.000Z" },
};

/** A row of a page detail's citing prompts: the prompt and how many of its snapshots cite the page. */
export function citingPrompt(prompt: keyof typeof PROMPTS, citations: number) {
  return { id: IDS[prompt], text: PROMPTS[prompt].text, citations };
}

/** The Pricing category (k1), as a prompt row names it. */
export const PRICING = { id: IDS.k1, name: "Pricing", color: "#ff0000" };

/** A prompts row (every prompt is PENDING); each rate is given as [current, previous]. */
export function promptRow(
  prompt: keyof typeof PROMPTS,
  category: typeof PRICING | null,
  mention: [number, number],
  citation: [number, number],
  lastCollectedAt: string,
) {
  return {
    id: IDS[prompt],
    text: PROMPTS[prompt].text,
    category_id: category?.id ?? null,
    category,
    mention_rate: mention[0],
    mention_rate_delta: mention[0] - mention[1],
    citation_rate: citation[0],
    citation_rate_delta: citation[0] - citation[1],
    last_collected_at: lastCollectedAt,
    status: "PENDING",
    created_at: PROMPTS[prompt].created_at,
  };
}

/** Your home page acme.com as a page row: cited in A4 (P2) only of the 6 snapshots; nothing before. */
export const HOME_PAGE_ROW = {
  id: urlHashId("acme.com"),
  url: "acme.com",
  folder: "/",
  citations: 1,
  citations_delta: 1 - 0,
  citation_rate: 1 / 6,
  citation_rate_delta: 1 / 6 - 0 / 3,
  unique_prompts: 1,
  unique_prompts_delta: 1 - 0,
};

/**
 * Every URL cited in the current period, ranked, with ties sharing a rank: 11 citations in all
 * (A1..A6's URLs; A6's second citation of beta.com/compare does not count).
 */
export const CITED_URL_RANKING = [
  { rank: 1, value: "beta.com/compare", citations: 3, share: 3 / 11, tag: "competitor" },
  { rank: 1, value: "wiki.org/acme", citations: 3, share: 3 / 11, tag: null },
  { rank: 3, value: "acme.com/blog/post-a", citations: 2, share: 2 / 11, tag: "you" },
  { rank: 3, value: "gamma.io/pricing", citations: 2, share: 2 / 11, tag: "competitor" },
  { rank: 5, value: "acme.com", citations: 1, share: 1 / 11, tag: "you" },
];
