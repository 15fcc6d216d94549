/** Fixed vocabularies of the demo: prompt and answer templates, audiences, third-party sources. */

/** Prompt templates; {subject} is a category subject, {audience} a buyer audience. */
export const PROMPT_TEMPLATES = [
  "What is the best {subject} tool for {audience}?",
  "Which {subject} platforms do {audience} recommend?",
  "How should {audience} choose {subject} software?",
  "Compare the top {subject} solutions for {audience}",
  "Is there an affordable {subject} tool for {audience}?",
  "How can {audience} get more out of {subject}?",
  "Top-rated {subject} vendors for {audience} this year",
  "What do {audience} use for {subject} instead of spreadsheets?",
  "Which {subject} software integrates best with Salesforce and HubSpot for {audience}?",
  "What are the pros and cons of the leading {subject} tools for {audience}?",
] as const;

/** Who the prompt is asked for. */
export const AUDIENCES = [
  "B2B SaaS startups",
  "mid-market marketing teams",
  "enterprise demand generation teams",
  "marketing agencies",
  "e-commerce brands",
  "a five-person marketing team",
  "product-led growth companies",
  "fintech companies",
  "healthcare marketers",
  "RevOps leaders",
] as const;

/** Answer openings; {subject} and {audience} come from the prompt. */
export const OPENINGS = [
  "When {audience} evaluate {subject}, a handful of tools come up again and again.",
  "There is no single winner for {subject}, but for {audience} a few options stand out.",
  "For {audience}, the right choice for {subject} depends on data volume, budget and CRM.",
  "Based on reviews and analyst coverage, these are the {subject} options most often shortlisted by {audience}.",
] as const;

/** Sentences about one entity; {name} is the brand or competitor as written, {strength} its strength. */
export const ENTITY_SENTENCES = [
  "{name} is frequently recommended for {strength}.",
  "{name} stands out for {strength}.",
  "Many reviewers pick {name} because of {strength}.",
  "{name} is a solid option, especially for {strength}.",
] as const;

/** Used when an answer names no vendor at all. */
export const NEUTRAL_BODIES = [
  "Most teams start with their CRM's built-in reports and a shared spreadsheet, then move to a dedicated tool once campaigns and channels multiply.",
  "Rather than naming a single vendor, it helps to list your must-have integrations, expected data volume and who will own the reporting before booking demos.",
  "The category is crowded and changes quickly; analyst reports and peer reviews are a better starting point than vendor claims.",
] as const;

export const CLOSINGS = [
  "Before deciding, compare pricing tiers, CRM integrations and how each tool handles consent and data privacy.",
  "Ask for a trial with your own data: setup time and report accuracy vary more than feature lists suggest.",
  "Check how each vendor models attribution windows and whether the dashboards can be shared with sales.",
  "Look at total cost of ownership, including onboarding and the analyst time needed to keep reports trustworthy.",
] as const;

/** Third-party pages answers cite; addresses keep their original case (normalization lowercases them). */
export const THIRD_PARTY_PAGES = [
  ["https://g2.com/categories/marketing-analytics", "Best Marketing Analytics Software: User Reviews"],
  ["https://g2.com/categories/marketing-attribution", "Best Marketing Attribution Software"],
  ["https://capterra.com/marketing-attribution-software", "Marketing Attribution Software Reviews"],
  ["https://capterra.com/marketing-automation-software", "Marketing Automation Software"],
  ["https://gartner.com/reviews/market/marketing-analytics", "Marketing Analytics Reviews and Ratings"],
  [
    "https://forbes.com/advisor/business/software/best-marketing-analytics-tools",
    "Best Marketing Analytics Tools",
  ],
  ["https://techradar.com/best/best-marketing-tools", "The best marketing tools"],
  [
    "https://reddit.com/r/marketing/comments/18x2kq/which_attribution_tool_do_you_use",
    "Which attribution tool do you use?",
  ],
  ["https://reddit.com/r/b2bmarketing/comments/1a9fz0/reporting_stack_2024", "Reporting stack 2024"],
  [
    "https://reddit.com/r/SaaS/comments/1c4m2d/lead_scoring_that_actually_works",
    "Lead scoring that actually works",
  ],
  ["https://en.wikipedia.org/wiki/Marketing_attribution", "Marketing attribution - Wikipedia"],
  ["https://en.wikipedia.org/wiki/Marketing_automation", "Marketing automation - Wikipedia"],
  ["https://en.wikipedia.org/wiki/Lead_scoring", "Lead scoring - Wikipedia"],
  ["https://hbr.org/2023/05/a-better-way-to-measure-marketing-roi", "A Better Way to Measure Marketing ROI"],
  [
    "https://mckinsey.com/capabilities/growth-marketing-and-sales/our-insights/the-state-of-b2b-marketing",
    "The state of B2B marketing",
  ],
  [
    "https://medium.com/@growthnotes/building-a-b2b-attribution-model-5f2c1e",
    "Building a B2B attribution model",
  ],
  ["https://trustradius.com/marketing-analytics", "Marketing Analytics Software Reviews"],
  ["https://searchengineland.com/guide/what-is-marketing-attribution", "What is marketing attribution?"],
  ["https://martech.org/the-martech-stack-of-2024", "The martech stack of 2024"],
  ["https://zapier.com/blog/best-marketing-dashboard-software", "The best marketing dashboard software"],
  ["https://hubspot.com/marketing-statistics", "Marketing statistics"],
  ["https://semrush.com/blog/marketing-reporting", "Marketing reporting: a complete guide"],
  [
    "https://linkedin.com/pulse/choosing-revenue-attribution-platform",
    "Choosing a revenue attribution platform",
  ],
  ["https://thinkwithgoogle.com/marketing-strategies/data-and-measurement", "Data and measurement"],
] as const satisfies readonly (readonly [string, string])[];

/** Tracking suffixes AI platforms append to cited links. */
export const QUERY_SUFFIXES = [
  "?utm_source=chatgpt.com",
  "?ref=perplexity",
  "?utm_medium=ai&utm_campaign=answers",
  "?hl=en",
] as const;

/** Category colors (hex, like the product's palette). */
export const COLORS = ["#4F46E5", "#0EA5E9", "#10B981", "#F59E0B", "#EF4444", "#8B5CF6", "#EC4899"] as const;

/** Content idea sources: manual plus opportunity agent slugs. */
export const CONTENT_SOURCES = [
  "manual",
  "serp-gap-agent",
  "competitor-watch-agent",
  "content-gap-agent",
] as const;
