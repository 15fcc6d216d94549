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

/**
 * A daily trend over the four days of the current period that have snapshots, each value being
 * a rate among that day's snapshots (1 on 03-05, 2 on 03-06, 1 on 03-08, 2 on 03-11).
 */
export function dailySeries(mar05: number, mar06: number, mar08: number, mar11: number) {
  return [
    { date: "2025-03-05", value: mar05 },
    { date: "2025-03-06", value: mar06 },
    { date: "2025-03-08", value: mar08 },
    { date: "2025-03-11", value: mar11 },
  ];
}

/** The text of each prompt, as _fixture.ts inserts it. */
const PROMPT_TEXT = {
  p1: "Best CRM for startups",
  p2: "CRM pricing comparison",
  p3: "How to choose a crm tool",
};

/** A row of a page detail's citing prompts: the prompt and how many of its snapshots cite the page. */
export function citingPrompt(prompt: keyof typeof PROMPT_TEXT, citations: number) {
  return { id: IDS[prompt], text: PROMPT_TEXT[prompt], citations };
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
