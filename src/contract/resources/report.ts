import { z } from "zod";
import { CitedSourceType, CompareParam, Platform, RangeEcho } from "../enums.js";
import { AnswerCompact } from "./answer.js";
import { CategoryVisibilityRow } from "./categories.js";
import { CitationsByOwner, CitedSource } from "./cited-sources.js";
import { DateOnly, DateTime, Metric, RateStats, Uuid } from "./common.js";
import { CompetitorPage } from "./competitor.js";
import { LeaderboardRow, YourPosition } from "./leaderboard.js";
import { YourPage } from "./pages.js";
import { PromptItem } from "./prompt.js";

/** The ten report sections in report order (spec "Full report"). */
export const REPORT_SECTION_KEYS = [
  "summary",
  "trend",
  "platforms",
  "categories",
  "competitors",
  "cited_sources",
  "your_pages",
  "competitor_pages",
  "prompts",
  "answers",
] as const;
export type ReportSectionKey = (typeof REPORT_SECTION_KEYS)[number];

/** Limits of the report's lists (docs/decisions.md#report-sections). */
export const REPORT_LIMITS = { citedSources: 50, yourPages: 100, competitorPagesEach: 10, answers: 500 };

const section = <K extends ReportSectionKey, T extends z.ZodType, R extends z.ZodType>(
  key: K,
  totals: T,
  row: R,
) => z.object({ key: z.literal(key), title: z.string(), totals, rows: z.array(row) });

const Kpi = z.object({
  metric: z.enum(["mention_rate", "citation_rate", "share_of_voice"]),
  label: z.string(),
  current: z.number(),
  /** Null as in Metric: a period-extension request whose comparison period has no data. */
  previous: z.number().nullable(),
  delta: z.number().nullable(),
  stats: RateStats,
});

export const SummarySection = section(
  "summary",
  z.object({
    snapshots: Metric,
    prompts: z.number().int(),
    platforms: z.number().int(),
    competitors: z.number().int(),
  }),
  Kpi,
);

/**
 * One day of the trend. The counts (extension) are the rates' numerators, so a week's rate is
 * recomputable from the JSON as the rate over the week's summed counts (docs/metrics.md, Trend).
 */
const TrendDay = z.object({
  date: DateOnly,
  snapshots: z.number().int(),
  mention_rate: z.number(),
  citation_rate: z.number(),
  share_of_voice: z.number(),
  mentioned: z.number().int(),
  cited: z.number().int(),
  competitor_mentions: z.number().int(),
});
export type TrendDay = z.infer<typeof TrendDay>;

/** One platform's or one category's days of both periods, in the trend's shape (extension). */
const TrendSeries = z.object({ rows: z.array(TrendDay), previous_rows: z.array(TrendDay) });

/**
 * The current period's days in `rows`; the previous period's in `previous_rows`; the same days of
 * each platform (`by_platform`) and of each category (`by_category`, prompts without a category
 * under a null id): a change scoped to a platform or a category, and a platform's missing days,
 * are read from them (extensions, docs/api.md).
 */
export const TrendSection = section("trend", z.object({ days: z.number().int() }), TrendDay).extend({
  previous_rows: z.array(TrendDay),
  by_platform: z.array(TrendSeries.extend({ platform: Platform })),
  by_category: z.array(TrendSeries.extend({ category_id: z.string().nullable(), name: z.string() })),
});

export const PlatformsSection = section(
  "platforms",
  z.object({ platforms: z.number().int(), snapshots: z.number().int() }),
  z.object({
    platform: Platform,
    snapshots: z.number().int(),
    mention_rate: z.number(),
    mention_delta: z.number(),
    citation_rate: z.number(),
    citation_delta: z.number(),
    share_of_voice: z.number(),
    sov_delta: z.number(),
    mention_stats: RateStats,
    citation_stats: RateStats,
    sov_stats: RateStats,
  }),
);

export const CategoriesSection = section(
  "categories",
  z.object({ snapshots: z.number().int() }),
  CategoryVisibilityRow,
);

export const CompetitorsSection = section(
  "competitors",
  z.object({ total_snapshots: z.number().int() }),
  LeaderboardRow,
).extend({
  your_position: YourPosition,
});

export const CitedSourcesSection = section(
  "cited_sources",
  z.object({
    total_citations: z.number().int(),
    sources: z.number().int(),
    citations_by_owner: CitationsByOwner,
  }),
  CitedSource,
).extend({ type: CitedSourceType });

export const YourPagesSection = section(
  "your_pages",
  z.object({ pages: z.number().int(), citations: z.number().int() }),
  YourPage,
);

export const CompetitorPagesSection = section(
  "competitor_pages",
  z.object({ pages: z.number().int() }),
  CompetitorPage.extend({ competitor_id: Uuid, competitor_name: z.string() }),
);

/**
 * A prompt where tracked competitors are named and the brand is not (extension, docs/api.md
 * "Extensions to v1"; the rules in docs/metrics.md "Opportunities"). Counts are of the current
 * period's answers; a gap answer names at least one tracked competitor and not the brand.
 */
export const PromptGap = z.object({
  prompt_id: Uuid,
  prompt_text: z.string(),
  category: z.string().nullable(),
  snapshots: z.number().int(),
  mentioned: z.number().int(),
  gap_answers: z.number().int(),
  /** Platforms that answered the prompt, that showed the gap, and that named the brand at least once. */
  platforms: z.array(Platform),
  gap_platforms: z.array(Platform),
  brand_platforms: z.array(Platform),
  /** Tracked competitors named in the gap answers, most named first. */
  competitors: z.array(z.object({ name: z.string(), answers: z.number().int() })),
  /** Competitors' pages cited in the gap answers, most cited first (at most 5). */
  pages: z.array(z.object({ url: z.string(), competitor_name: z.string(), citations: z.number().int() })),
  /** The latest gap answer, to quote as evidence (GET /visibility/prompts/{prompt}/answers). */
  latest: z.object({ answer_id: Uuid, platform: Platform, collected_at: DateTime }),
});
export type PromptGap = z.infer<typeof PromptGap>;

export const PromptsSection = section(
  "prompts",
  z.object({ prompts: z.number().int() }),
  PromptItem.extend({ snapshots: z.number().int() }),
).extend({
  /** Extension: every prompt with a gap, most platforms then most gap answers first. */
  gaps: z.array(PromptGap),
});

export const AnswersSection = section(
  "answers",
  z.object({ answers: z.number().int(), shown: z.number().int() }),
  AnswerCompact.extend({
    prompt_id: Uuid,
    prompt_text: z.string(),
    competitors: z.array(z.string()),
  }),
);

/** A report section: a union discriminated on `key`. */
export const ReportSection = z.discriminatedUnion("key", [
  SummarySection,
  TrendSection,
  PlatformsSection,
  CategoriesSection,
  CompetitorsSection,
  CitedSourcesSection,
  YourPagesSection,
  CompetitorPagesSection,
  PromptsSection,
  AnswersSection,
]);
export type ReportSection = z.infer<typeof ReportSection>;
export type ReportSectionOf<K extends ReportSectionKey> = Extract<ReportSection, { key: K }>;

/**
 * The period in dates. Not in the spec: the project adds it so that a report states its own
 * period exactly (cover, methodology) without re-deriving the service's calendar.
 */
export const ReportPeriod = z.object({
  as_of: DateOnly,
  timezone: z.string(),
  start: DateOnly,
  end: DateOnly,
  previous_start: DateOnly,
  previous_end: DateOnly,
  /** Extensions (docs/api.md, Extensions to v1): how the comparison period was chosen and both periods' names. */
  compare: CompareParam,
  /** "October 2025", "Q3 2025", "1–15 October 2025" (English). */
  label: z.string(),
  previous_label: z.string(),
  /** Days of the comparison period, and how many of them have snapshots (its coverage). */
  previous_days: z.number().int(),
  previous_days_with_data: z.number().int(),
});
export type ReportPeriod = z.infer<typeof ReportPeriod>;

/** GET /visibility/report data. */
export const FullReport = z.object({
  range: RangeEcho,
  period: ReportPeriod,
  generated_at: DateTime,
  sections: z.array(ReportSection),
});
export type FullReport = z.infer<typeof FullReport>;
