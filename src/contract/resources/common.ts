import { z } from "zod";

/** Ids are UUID strings; `guid` accepts any 8-4-4-4-12 hex id (deterministic seed ids included). */
export const Uuid = z.guid();
/** ISO 8601 date-time, with `Z` or an offset. */
export const DateTime = z.iso.datetime({ offset: true });
/** Calendar day YYYY-MM-DD. */
export const DateOnly = z.iso.date();

/**
 * metric: current, previous, delta = current − previous. previous and delta are null only for a
 * period-extension request whose comparison period has no data (docs/api.md, Extensions to v1).
 */
export const Metric = z.object({
  current: z.number(),
  previous: z.number().nullable(),
  delta: z.number().nullable(),
});
export type Metric = z.infer<typeof Metric>;

/**
 * Sample sizes, 95 % intervals and significance of one rate (a v1 extension, docs/api.md
 * "Extensions to v1"; method in docs/metrics.md "Intervals and significance"). Bounds are null
 * when they cannot be estimated (fewer than two prompts, or no denominator).
 */
export const RateStats = z.object({
  answers: z.number().int(),
  prompts: z.number().int(),
  previous_answers: z.number().int(),
  previous_prompts: z.number().int(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  previous_low: z.number().nullable(),
  previous_high: z.number().nullable(),
  delta_low: z.number().nullable(),
  delta_high: z.number().nullable(),
  significant: z.boolean(),
});
export type RateStats = z.infer<typeof RateStats>;

/** A rate's metric with its `stats` (extension). */
export const RateMetric = Metric.extend({ stats: RateStats });
export type RateMetric = z.infer<typeof RateMetric>;

/** coverage metric: current, previous, total, delta. */
export const CoverageMetric = z.object({
  current: z.number(),
  previous: z.number(),
  total: z.number(),
  delta: z.number(),
});

/** trend point: one day and its value. */
export const TrendPoint = z.object({ date: DateOnly, value: z.number() });
export type TrendPoint = z.infer<typeof TrendPoint>;

/** pagination object; next_url / prev_url null on the last / first page (docs/decisions.md#pagination). */
export const Pagination = z.object({
  from: z.number().int(),
  to: z.number().int(),
  count: z.number().int(),
  per_page: z.number().int(),
  current_page: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
  next_url: z.string().nullable(),
  prev_url: z.string().nullable(),
});
export type Pagination = z.infer<typeof Pagination>;

/** Page metrics shared by your pages, competitor pages and top cited pages. */
export const PageMetrics = z.object({
  url: z.string(),
  citations: z.number().int(),
  citations_delta: z.number(),
  citation_rate: z.number(),
  citation_rate_delta: z.number(),
  unique_prompts: z.number().int(),
  unique_prompts_delta: z.number(),
});
