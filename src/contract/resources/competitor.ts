import { z } from "zod";
import { Platform, RangeEcho } from "../enums.js";
import { CoverageMetric, PageMetrics, RateMetric, TrendPoint, Uuid } from "./common.js";

const CompetitorRef = z.object({ id: Uuid, name: z.string(), domain: z.string() });

/** GET /visibility/competitors/{competitor} data. */
export const CompetitorDetail = z.object({
  range: RangeEcho,
  competitor: CompetitorRef,
  mention_rate: RateMetric,
  citation_rate: RateMetric,
  prompt_coverage: CoverageMetric,
  citation_rate_trend: z.array(TrendPoint),
  citations_by_platform: z.array(
    z.object({ platform: Platform, snapshots: z.number().int(), citation_rate: z.number() }),
  ),
  top_cited_pages: z.array(PageMetrics.extend({ competitor_name: z.string() })).max(5),
});
export type CompetitorDetail = z.infer<typeof CompetitorDetail>;

export const CompetitorPage = PageMetrics.extend({ folder: z.string() });

/** GET /visibility/competitors/{competitor}/pages data (list). */
export const CompetitorPages = z.object({
  range: RangeEcho,
  competitor: CompetitorRef,
  pages: z.array(CompetitorPage),
});
export type CompetitorPages = z.infer<typeof CompetitorPages>;

/** A prompt citing one page (single-page details; the project's own shape: docs/decisions.md#own-shapes). */
export const CitingPrompt = z.object({ id: Uuid, text: z.string(), citations: z.number().int() });

/**
 * GET /visibility/competitors/{competitor}/pages?url=… data: one page's citation rate, its share
 * of all citations in the period, its daily citation trend and the prompts that cite it.
 */
export const CompetitorPageDetail = z.object({
  range: RangeEcho,
  competitor: CompetitorRef,
  page: CompetitorPage.extend({ share: z.number(), trend: z.array(TrendPoint) }),
  prompts: z.array(CitingPrompt),
});
export type CompetitorPageDetail = z.infer<typeof CompetitorPageDetail>;
