/** The demo's brands, competitors, categories and topic coverage, per project. */
import type { Platform } from "../schema.js";

/** Probability of a mention at the start and at the end of the period (linear in between). */
export interface Trend {
  start: number;
  end: number;
}

export interface EntityPlan {
  key: string;
  name: string;
  domain: string;
  variants: readonly string[];
  strengths: readonly string[];
  mention: Trend;
  /** Chance that a mention also cites one of the entity's pages. */
  citeRate: number;
}

export interface TopicPlan {
  name: string;
  definition: string;
  /** Pages on the brand's site, then on each competitor's site (same order as competitors). */
  pages: readonly number[];
}

export interface ProjectPlan {
  key: string;
  name: string;
  slug: string;
  brand: EntityPlan;
  competitors: readonly EntityPlan[];
  categories: readonly { name: string; subjects: readonly string[] }[];
  uncategorizedSubjects: readonly string[];
  /** Prompts at scale 1. */
  prompts: number;
  platforms: readonly Platform[];
  /** Multiplies the brand's mention chance on a platform at the start/end of the period. */
  platformTrend: Partial<Record<Platform, Trend>>;
  topics: readonly TopicPlan[];
}

export interface WorkspacePlan {
  key: string;
  name: string;
  website: string;
  timezone: string;
  owner: { name: string; email: string };
  members: number;
  projects: readonly ProjectPlan[];
}

const ALL_PLATFORMS: readonly Platform[] = [
  "chatgpt",
  "google_ai_overview",
  "perplexity",
  "gemini",
  "grok",
  "claude",
];

/** Mention trend as a table cell: [start, end]. */
type TrendCell = readonly [start: number, end: number];

/** An entity as a table row; the cite rate defaults to 0.45 (the brand's is set higher). */
type EntityRow = readonly [
  key: string,
  name: string,
  domain: string,
  variants: readonly string[],
  strengths: readonly string[],
  mention: TrendCell,
  citeRate?: number,
];

/** A category as a table row: its name, then the subjects its prompts are written about. */
type CategoryRow = readonly [name: string, subjects: readonly string[]];

/** A topic as a table row: name, definition, pages per site (brand first, then each competitor). */
type TopicRow = readonly [name: string, definition: string, pages: readonly number[]];

/** A project as tables: the rows below become a ProjectPlan through `projectPlan`, the one generator. */
interface ProjectTable {
  key: string;
  name: string;
  slug: string;
  brand: EntityRow;
  competitors: readonly EntityRow[];
  categories: readonly CategoryRow[];
  uncategorizedSubjects: readonly string[];
  prompts: number;
  platforms: readonly Platform[];
  platformTrend: Partial<Record<Platform, TrendCell>>;
  topics: readonly TopicRow[];
}

const trend = ([start, end]: TrendCell): Trend => ({ start, end });

const entity = ([
  key,
  name,
  domain,
  variants,
  strengths,
  mention,
  citeRate = 0.45,
]: EntityRow): EntityPlan => ({
  key,
  name,
  domain,
  variants,
  strengths,
  mention: trend(mention),
  citeRate,
});

/** Builds a project's plan from its tables. */
function projectPlan(table: ProjectTable): ProjectPlan {
  return {
    key: table.key,
    name: table.name,
    slug: table.slug,
    brand: entity(table.brand),
    competitors: table.competitors.map(entity),
    categories: table.categories.map(([name, subjects]) => ({ name, subjects })),
    uncategorizedSubjects: table.uncategorizedSubjects,
    prompts: table.prompts,
    platforms: table.platforms,
    platformTrend: Object.fromEntries(
      Object.entries(table.platformTrend).map(([platform, cell]) => [platform, trend(cell)]),
    ),
    topics: table.topics.map(([name, definition, pages]) => ({ name, definition, pages })),
  };
}

const MAIN = projectPlan({
  key: "brightwave",
  name: "Brightwave",
  slug: "brightwave",
  brand: [
    "brand",
    "Brightwave",
    "brightwave.io",
    ["Brightwave", "BrightWave", "Brightwave Analytics"],
    [
      "multi-touch attribution that sales teams trust",
      "fast dashboards built on top of the CRM",
      "clean HubSpot and Salesforce sync",
      "transparent, seat-free pricing",
      "pipeline reporting that is ready in a day",
    ],
    [0.36, 0.46],
    0.55,
  ],
  competitors: [
    [
      "lumora",
      "Lumora",
      "lumora.com",
      ["Lumora", "Lumora Analytics"],
      ["enterprise-grade data governance", "its large integration marketplace", "custom attribution models"],
      [0.42, 0.38],
    ],
    [
      "pulsegrid",
      "Pulsegrid",
      "pulsegrid.com",
      ["Pulsegrid", "PulseGrid"],
      [
        "marketing automation with built-in scoring",
        "its visual journey builder",
        "email performance reporting",
      ],
      [0.3, 0.28],
    ],
    [
      "nimbus",
      "Nimbus Metrics",
      "nimbusmetrics.io",
      ["Nimbus Metrics", "Nimbus"],
      [
        "AI-generated insights on campaign performance",
        "a generous free tier",
        "quick setup for small teams",
      ],
      [0.08, 0.42],
    ],
    [
      "clearpath",
      "Clearpath",
      "clearpathcrm.com",
      ["Clearpath", "Clearpath CRM"],
      ["CRM-native revenue reporting", "account-based marketing dashboards"],
      [0.22, 0.16],
    ],
    [
      "stackflow",
      "Stackflow",
      "stackflow.co",
      ["Stackflow"],
      ["warehouse-native analytics", "SQL-friendly modelling"],
      [0.14, 0.15],
    ],
  ],
  categories: [
    ["Marketing analytics", ["marketing analytics", "campaign analytics", "marketing data"]],
    ["Attribution", ["marketing attribution", "multi-touch attribution", "revenue attribution"]],
    ["Lead generation", ["lead scoring", "lead generation analytics", "pipeline generation"]],
    ["Email & automation", ["email marketing analytics", "marketing automation"]],
    ["Reporting & dashboards", ["marketing dashboard", "marketing reporting", "board reporting"]],
    ["Pricing & alternatives", ["Lumora alternative", "affordable marketing analytics"]],
  ],
  uncategorizedSubjects: ["B2B marketing measurement", "customer journey analytics"],
  prompts: 120,
  platforms: ALL_PLATFORMS,
  // Perplexity steadily improves for the brand; Grok slowly fades.
  platformTrend: { perplexity: [0.45, 1.45], grok: [0.95, 0.7], google_ai_overview: [0.85, 0.9] },
  topics: [
    ["Multi-touch attribution", "Models that split revenue credit across touchpoints.", [6, 4, 1, 2, 0, 1]],
    ["Marketing dashboards", "Live dashboards for campaign and pipeline metrics.", [5, 3, 2, 3, 1, 2]],
    ["Lead scoring", "Ranking leads by fit and intent to prioritise sales follow-up.", [2, 3, 5, 2, 1, 0]],
    ["Marketing ROI", "Measuring the return of marketing spend by channel and campaign.", [4, 2, 1, 2, 1, 1]],
    ["CRM integration", "Syncing marketing data with Salesforce and HubSpot.", [3, 4, 1, 1, 3, 1]],
    ["Email performance", "Opens, clicks and revenue attributed to email programs.", [1, 1, 4, 2, 0, 0]],
    ["Privacy and consent", "Consent management and cookieless measurement.", [0, 3, 0, 1, 0, 2]],
    ["GA4 migration", "Moving reporting from Universal Analytics to GA4.", [0, 0, 1, 3, 0, 1]],
    ["Account-based marketing", "Targeting and measuring named accounts.", [2, 1, 0, 0, 4, 0]],
  ],
});

const SIDE = projectPlan({
  key: "brightwave-events",
  name: "Brightwave Events",
  slug: "brightwave-events",
  brand: [
    "brand",
    "Brightwave Events",
    "events.brightwave.io",
    ["Brightwave Events", "Brightwave Summit"],
    ["event ROI reporting", "webinar-to-pipeline tracking"],
    [0.25, 0.3],
    0.5,
  ],
  competitors: [
    ["eventlane", "Eventlane", "eventlane.com", ["Eventlane"], ["hybrid event hosting"], [0.35, 0.35]],
    ["stagely", "Stagely", "stagely.io", ["Stagely"], ["webinar engagement tools"], [0.2, 0.3]],
  ],
  categories: [
    ["Webinars", ["webinar analytics", "webinar platform"]],
    ["Field events", ["event ROI tracking", "trade show lead capture"]],
  ],
  uncategorizedSubjects: ["virtual event software"],
  prompts: 12,
  platforms: ["chatgpt", "perplexity", "gemini"],
  platformTrend: {},
  topics: [
    ["Webinar analytics", "Measuring attendance and engagement of webinars.", [3, 2, 4]],
    ["Event ROI", "Pipeline and revenue influenced by events.", [2, 3, 1]],
    ["Hybrid events", "Running in-person and online audiences together.", [0, 4, 2]],
    ["Lead capture", "Collecting and routing leads at events.", [1, 2, 2]],
    ["Event marketing", "Promoting events across channels.", [2, 1, 1]],
    ["Sponsorships", "Selling and reporting on event sponsorships.", [1, 1, 0]],
    ["Attendee experience", "Apps, agendas and networking for attendees.", [0, 2, 3]],
    ["Event data", "Syncing event data with the CRM.", [2, 1, 1]],
  ],
});

const OTHER = projectPlan({
  key: "northwind",
  name: "Northwind Freight",
  slug: "northwind-freight",
  brand: [
    "brand",
    "Northwind",
    "northwindfreight.com",
    ["Northwind", "Northwind Freight"],
    ["real-time shipment tracking"],
    [0.3, 0.3],
    0.5,
  ],
  competitors: [
    ["haulio", "Haulio", "haulio.com", ["Haulio"], ["cheap LTL quotes"], [0.3, 0.3]],
    ["cargoly", "Cargoly", "cargoly.com", ["Cargoly"], ["customs brokerage"], [0.2, 0.2]],
  ],
  categories: [["Freight", ["freight forwarding", "LTL shipping"]]],
  uncategorizedSubjects: ["shipment tracking"],
  prompts: 8,
  platforms: ["chatgpt", "claude"],
  platformTrend: {},
  topics: [
    ["LTL shipping", "Less-than-truckload freight.", [2, 1, 1]],
    ["Customs", "Customs clearance and brokerage.", [0, 1, 3]],
  ],
});

/** The demo workspace: the main project plus a smaller second one. */
export const DEMO_WORKSPACE: WorkspacePlan = {
  key: "demo",
  name: "Brightwave Marketing",
  website: "https://brightwave.io",
  timezone: "Europe/Paris",
  owner: { name: "Camille Laurent", email: "camille.laurent@brightwave.io" },
  members: 7,
  projects: [MAIN, SIDE],
};

/** A second, small, unrelated workspace for tenant-isolation tests. */
export const OTHER_WORKSPACE: WorkspacePlan = {
  key: "other",
  name: "Northwind Logistics",
  website: "https://northwindfreight.com",
  timezone: "America/New_York",
  owner: { name: "Dana Whitfield", email: "dana@northwindfreight.com" },
  members: 2,
  projects: [OTHER],
};
