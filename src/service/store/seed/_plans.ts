/**
 * The demo's brands, competitors, categories and topic coverage, per project, and the story its
 * data tells (docs/demo-data.md): every curve is anchored on the as-of day (see _curve.ts).
 */
import type { Platform } from "../schema.js";
import { type Curve, flat } from "./_curve.js";

export interface EntityPlan {
  key: string;
  name: string;
  domain: string;
  variants: readonly string[];
  strengths: readonly string[];
  /** Base probability of a mention, over time. */
  mention: Curve;
  /** Chance that a mention also cites one of the entity's pages. */
  citeRate: number;
}

export interface TopicPlan {
  name: string;
  definition: string;
  /** Pages on the brand's site, then on each competitor's site (same order as competitors). */
  pages: readonly number[];
}

/** The brand's content launch: from `offset` on, one category's prompts name the brand more often. */
export interface LaunchPlan {
  /** Name of the category that rises (one of the project's categories). */
  category: string;
  /** Launch day, in days relative to the as-of day. */
  offset: number;
  /** Days for the lift to build up after the launch (crawling, indexing), linearly. */
  rampDays: number;
  /** Multiplier of the brand's mention chance on the category's prompts once fully built up. */
  lift: number;
  /** Platforms that answer from training data only and so do not see the launch. */
  unaffected: readonly Platform[];
}

/** Days a platform collected nothing, relative to the as-of day (inclusive). */
export interface OutagePlan {
  platform: Platform;
  from: number;
  to: number;
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
  /** Multiplies the brand's mention chance on a platform, over time (1 where absent). */
  platformTrend: Partial<Record<Platform, Curve>>;
  /** Multiplies the brand's mention chance by day of week, Sunday first (the `day` in the workspace's timezone). */
  weekday: readonly number[];
  /** Subjects whose prompts never name the brand (competitors still appear). */
  neverNamedSubjects: readonly string[];
  launch: LaunchPlan | null;
  outages: readonly OutagePlan[];
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

/** An entity as a table row; the cite rate defaults to 0.45 (the brand's is set higher). */
type EntityRow = readonly [
  key: string,
  name: string,
  domain: string,
  variants: readonly string[],
  strengths: readonly string[],
  mention: Curve,
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
  platformTrend?: Partial<Record<Platform, Curve>>;
  weekday?: readonly number[];
  neverNamedSubjects?: readonly string[];
  launch?: LaunchPlan;
  outages?: readonly OutagePlan[];
  topics: readonly TopicRow[];
}

const entity = (row: EntityRow): EntityPlan => {
  const [key, name, domain, variants, strengths, mention, citeRate = 0.45] = row;
  return { key, name, domain, variants, strengths, mention, citeRate };
};

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
    platformTrend: table.platformTrend ?? {},
    weekday: table.weekday ?? [1, 1, 1, 1, 1, 1, 1],
    neverNamedSubjects: table.neverNamedSubjects ?? [],
    launch: table.launch ?? null,
    outages: table.outages ?? [],
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
    flat(0.4),
    0.55,
  ],
  competitors: [
    [
      "lumora",
      "Lumora",
      "lumora.com",
      ["Lumora", "Lumora Analytics"],
      ["enterprise-grade data governance", "its large integration marketplace", "custom attribution models"],
      // Losing ground since eight months before the as-of day.
      [
        [-240, 0.46],
        [0, 0.26],
      ],
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
      // Steady.
      flat(0.3),
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
      // Gaining, faster over the last six months.
      [
        [-400, 0.08],
        [-180, 0.18],
        [0, 0.44],
      ],
    ],
    [
      "clearpath",
      "Clearpath",
      "clearpathcrm.com",
      ["Clearpath", "Clearpath CRM"],
      ["CRM-native revenue reporting", "account-based marketing dashboards"],
      [
        [-400, 0.22],
        [0, 0.16],
      ],
    ],
    [
      "stackflow",
      "Stackflow",
      "stackflow.co",
      ["Stackflow"],
      ["warehouse-native analytics", "SQL-friendly modelling"],
      flat(0.14),
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
  // The story of docs/demo-data.md: over the last six months Perplexity rises for the brand and
  // Grok falls; Claude stays flat (and, answering from training data, misses the launch).
  platformTrend: {
    perplexity: [
      [-180, 0.8],
      [0, 1.5],
    ],
    grok: [
      [-180, 1.05],
      [0, 0.45],
    ],
    chatgpt: [
      [-400, 0.95],
      [0, 1.1],
    ],
    google_ai_overview: flat(0.85),
    gemini: flat(0.95),
  },
  // Buyers' weekend questions lean on review sites, which name the brand less often.
  weekday: [0.7, 1, 1.05, 1.05, 1, 0.95, 0.75],
  neverNamedSubjects: ["Lumora alternative", "customer journey analytics"],
  // The attribution guide hub: published 47 days before the as-of day (a Tuesday for the goldens'
  // as-of day), fully picked up two weeks later.
  launch: { category: "Attribution", offset: -47, rampDays: 14, lift: 1.7, unaffected: ["claude"] },
  // Gemini's collector was down twice.
  outages: [
    { platform: "gemini", from: -75, to: -71 },
    { platform: "gemini", from: -230, to: -228 },
  ],
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
    [
      [-180, 0.25],
      [0, 0.3],
    ],
    0.5,
  ],
  competitors: [
    ["eventlane", "Eventlane", "eventlane.com", ["Eventlane"], ["hybrid event hosting"], flat(0.35)],
    [
      "stagely",
      "Stagely",
      "stagely.io",
      ["Stagely"],
      ["webinar engagement tools"],
      [
        [-180, 0.2],
        [0, 0.3],
      ],
    ],
  ],
  categories: [
    ["Webinars", ["webinar analytics", "webinar platform"]],
    ["Field events", ["event ROI tracking", "trade show lead capture"]],
  ],
  uncategorizedSubjects: ["virtual event software"],
  prompts: 12,
  platforms: ["chatgpt", "perplexity", "gemini"],
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
    flat(0.3),
    0.5,
  ],
  competitors: [
    ["haulio", "Haulio", "haulio.com", ["Haulio"], ["cheap LTL quotes"], flat(0.3)],
    ["cargoly", "Cargoly", "cargoly.com", ["Cargoly"], ["customs brokerage"], flat(0.2)],
  ],
  categories: [["Freight", ["freight forwarding", "LTL shipping"]]],
  uncategorizedSubjects: ["shipment tracking"],
  prompts: 8,
  platforms: ["chatgpt", "claude"],
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
