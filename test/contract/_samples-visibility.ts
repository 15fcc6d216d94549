/** Valid samples of the project, workspace and visibility schemas, keyed by contract export name. */

export const ID = "11111111-1111-4111-8111-111111111111";
export const ID2 = "22222222-2222-4222-8222-222222222222";
export const AT = "2026-01-15T10:00:00Z";
export const DAY = "2026-01-15";

const metric = { current: 0.42, previous: 0.4, delta: 0.02 };
const rateStats = {
  answers: 120,
  prompts: 12,
  previous_answers: 110,
  previous_prompts: 11,
  low: 0.35,
  high: 0.49,
  previous_low: 0.33,
  previous_high: 0.47,
  delta_low: -0.03,
  delta_high: 0.07,
  significant: false,
};
const rateMetric = { ...metric, stats: rateStats };
const trend = [{ date: DAY, value: 0.5 }];
const pagination = {
  from: 1,
  to: 2,
  count: 2,
  per_page: 25,
  current_page: 1,
  total: 2,
  total_pages: 1,
  next_url: null,
  prev_url: "/core/api/external/v1/visibility/prompts?page=0",
};
const pageMetrics = {
  url: "example.com/blog/post",
  citations: 12,
  citations_delta: 3,
  citation_rate: 0.12,
  citation_rate_delta: -0.01,
  unique_prompts: 4,
  unique_prompts_delta: 1,
};
const competitorPage = { ...pageMetrics, folder: "/blog" };
const yourPage = { ...pageMetrics, id: ID, folder: "/blog" };
const competitorRef = { id: ID2, name: "Rival", domain: "rival.com" };
const citingPrompt = { id: ID, text: "best crm", citations: 2 };
const project = {
  id: ID,
  name: "Acme",
  brand_name: "Acme",
  brand_domain: "acme.com",
  status: "ACTIVE",
  created_at: AT,
};
const promptItem = {
  id: ID,
  text: "best crm for startups",
  category_id: ID2,
  category: { id: ID2, name: "CRM", color: "#ff0000" },
  mention_rate: 0.5,
  mention_rate_delta: 0.1,
  citation_rate: 0.25,
  citation_rate_delta: 0,
  last_collected_at: AT,
  status: "PENDING",
  created_at: AT,
};
const answerCompact = {
  id: ID,
  platform: "chatgpt",
  status: "COLLECTED",
  collected_at: AT,
  preview: "Acme is …",
  brand_mentioned: true,
  brand_cited: false,
  competitor_found: true,
  error_message: null,
};
const answerCitation = {
  position: 1,
  url: "acme.com/pricing",
  domain: "acme.com",
  title: "Pricing",
  tag: "you",
};
const answerFull = {
  ...answerCompact,
  text: "Acme is a CRM.",
  citations: [answerCitation],
  mention_excerpts: ["Acme is a CRM"],
  competitors: [{ id: ID2, name: "Rival", cited: false }],
};
const categoryRow = {
  id: ID,
  name: "CRM",
  color: "#00ff00",
  snapshots: 10,
  mention_rate: 0.3,
  mention_delta: 0.1,
  citation_rate: 0.2,
  citation_delta: -0.1,
  mention_stats: rateStats,
  citation_stats: rateStats,
};
const citedSource = { rank: 1, value: "acme.com", citations: 5, share: 0.5, tag: "you" };
const leaderboardRow = {
  name: "Acme",
  is_you: true,
  mention_rate: 0.5,
  mention_delta: 0.1,
  citation_rate: 0.3,
  citation_delta: 0,
  sov: 0.6,
  sov_delta: 0.05,
  mention_stats: rateStats,
  citation_stats: rateStats,
  sov_stats: { ...rateStats, delta_low: 0.01, significant: true },
};
const position = { rank: 1, value: 0.5, delta: 0.1 };
const yourPosition = { mention: position, citation: position, sov: position };
const competitor = {
  id: ID2,
  name: "Rival",
  domain: "rival.com",
  icon: "https://rival.com/i.png",
  created_at: AT,
};
const category = {
  id: ID,
  name: "CRM",
  color: "#fff",
  order: 1,
  prompt_count: 3,
  created_at: AT,
  updated_at: AT,
};

export const VISIBILITY_SAMPLES: Record<string, unknown> = {
  Metric: metric,
  RangeEcho: "custom",
  CoverageMetric: { current: 3, previous: 2, total: 10, delta: 1 },
  TrendPoint: trend[0],
  Pagination: pagination,
  PageMetrics: pageMetrics,
  Project: project,
  ProjectList: { pinned: false, projects: [project] },
  Workspace: {
    id: ID,
    name: "Acme workspace",
    website: "https://acme.com",
    logo: "https://acme.com/logo.png",
    icon: "https://acme.com/icon.png",
    timezone: "Europe/Berlin",
    owner: { id: ID2, name: "Ann", email: "ann@acme.com", avatar: "https://acme.com/ann.png" },
    members: 3,
    created_at: AT,
  },
  Competitor: competitor,
  Category: category,
  VisibilitySetup: {
    brand: {
      brand_name: "Acme",
      brand_domain: "acme.com",
      brand_variants: ["ACME"],
      schedule: { days: [1, 4], hour: 6 },
      is_configured: true,
      next_collection_at: AT,
    },
    competitors: [competitor],
    categories: [category],
    platforms: ["chatgpt", "claude"],
  },
  PromptItem: promptItem,
  PromptList: { range: "30d", prompts: [promptItem], pagination },
  AnswerCompact: answerCompact,
  AnswerCitation: answerCitation,
  AnswerFull: answerFull,
  PromptAnswers: {
    range: "7d",
    prompt: { id: ID, text: "best crm", status: "PENDING" },
    answers: [answerFull, answerCompact],
  },
  VisibilityOverview: {
    range: "30d",
    mention_rate: rateMetric,
    citation_rate: rateMetric,
    share_of_voice: rateMetric,
    trend_series: { mention: trend, citation: trend },
  },
  RateStats: rateStats,
  RateMetric: rateMetric,
  LeaderboardRow: leaderboardRow,
  YourPosition: yourPosition,
  Leaderboard: {
    range: "30d",
    total_snapshots: 120,
    your_position: yourPosition,
    rows: [leaderboardRow, { ...leaderboardRow, name: "Rival", is_you: false }],
  },
  CompetitorDetail: {
    range: "90d",
    competitor: competitorRef,
    mention_rate: rateMetric,
    citation_rate: rateMetric,
    prompt_coverage: { current: 3, previous: 2, total: 10, delta: 1 },
    citation_rate_trend: trend,
    citations_by_platform: [{ platform: "perplexity", snapshots: 20, citation_rate: 0.1 }],
    top_cited_pages: [{ ...pageMetrics, competitor_name: "Rival" }],
  },
  CompetitorPage: competitorPage,
  CompetitorPages: { range: "30d", competitor: competitorRef, pages: [competitorPage] },
  CitingPrompt: citingPrompt,
  CompetitorPageDetail: {
    range: "30d",
    competitor: competitorRef,
    page: { ...competitorPage, share: 0.1, trend },
    prompts: [citingPrompt],
  },
  YourPage: yourPage,
  YourPages: { range: "30d", totals: { pages: 1 }, rows: [yourPage], pagination },
  YourPageDetail: { range: "30d", page: { ...yourPage, share: 0.2, trend }, prompts: [citingPrompt] },
  CategoryVisibilityRow: categoryRow,
  CategoryVisibility: {
    range: "30d",
    categories: [categoryRow, { ...categoryRow, id: null, name: "Uncategorized", color: null }],
  },
  CitationsByOwner: { you: 5, competitor: 0, other: 5 },
  CitedSource: citedSource,
  CitedSources: {
    range: "30d",
    type: "domain",
    total_citations: 10,
    citations_by_owner: { you: 5, competitor: 0, other: 5 },
    sources: [citedSource, { ...citedSource, rank: 2, value: "other.com", tag: null }],
  },
};

/** Rows reused by the report section samples. */
export const ROWS = {
  promptItem,
  answerCompact,
  categoryRow,
  citedSource,
  leaderboardRow,
  yourPosition,
  yourPage,
};
export const PARTS = { metric, competitorPage, rateStats };
