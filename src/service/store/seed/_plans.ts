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

const entity = (
  key: string,
  name: string,
  domain: string,
  variants: readonly string[],
  strengths: readonly string[],
  mention: Trend,
  citeRate = 0.45,
): EntityPlan => ({ key, name, domain, variants, strengths, mention, citeRate });

const MAIN: ProjectPlan = {
  key: "brightwave",
  name: "Brightwave",
  slug: "brightwave",
  brand: entity(
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
    { start: 0.36, end: 0.46 },
    0.55,
  ),
  competitors: [
    entity(
      "lumora",
      "Lumora",
      "lumora.com",
      ["Lumora", "Lumora Analytics"],
      ["enterprise-grade data governance", "its large integration marketplace", "custom attribution models"],
      { start: 0.42, end: 0.38 },
    ),
    entity(
      "pulsegrid",
      "Pulsegrid",
      "pulsegrid.com",
      ["Pulsegrid", "PulseGrid"],
      [
        "marketing automation with built-in scoring",
        "its visual journey builder",
        "email performance reporting",
      ],
      { start: 0.3, end: 0.28 },
    ),
    entity(
      "nimbus",
      "Nimbus Metrics",
      "nimbusmetrics.io",
      ["Nimbus Metrics", "Nimbus"],
      [
        "AI-generated insights on campaign performance",
        "a generous free tier",
        "quick setup for small teams",
      ],
      { start: 0.08, end: 0.42 },
    ),
    entity(
      "clearpath",
      "Clearpath",
      "clearpathcrm.com",
      ["Clearpath", "Clearpath CRM"],
      ["CRM-native revenue reporting", "account-based marketing dashboards"],
      { start: 0.22, end: 0.16 },
    ),
    entity(
      "stackflow",
      "Stackflow",
      "stackflow.co",
      ["Stackflow"],
      ["warehouse-native analytics", "SQL-friendly modelling"],
      { start: 0.14, end: 0.15 },
    ),
  ],
  categories: [
    {
      name: "Marketing analytics",
      subjects: ["marketing analytics", "campaign analytics", "marketing data"],
    },
    {
      name: "Attribution",
      subjects: ["marketing attribution", "multi-touch attribution", "revenue attribution"],
    },
    {
      name: "Lead generation",
      subjects: ["lead scoring", "lead generation analytics", "pipeline generation"],
    },
    { name: "Email & automation", subjects: ["email marketing analytics", "marketing automation"] },
    {
      name: "Reporting & dashboards",
      subjects: ["marketing dashboard", "marketing reporting", "board reporting"],
    },
    { name: "Pricing & alternatives", subjects: ["Lumora alternative", "affordable marketing analytics"] },
  ],
  uncategorizedSubjects: ["B2B marketing measurement", "customer journey analytics"],
  prompts: 120,
  platforms: ALL_PLATFORMS,
  // Perplexity steadily improves for the brand; Grok slowly fades.
  platformTrend: {
    perplexity: { start: 0.45, end: 1.45 },
    grok: { start: 0.95, end: 0.7 },
    google_ai_overview: { start: 0.85, end: 0.9 },
  },
  topics: [
    {
      name: "Multi-touch attribution",
      definition: "Models that split revenue credit across touchpoints.",
      pages: [6, 4, 1, 2, 0, 1],
    },
    {
      name: "Marketing dashboards",
      definition: "Live dashboards for campaign and pipeline metrics.",
      pages: [5, 3, 2, 3, 1, 2],
    },
    {
      name: "Lead scoring",
      definition: "Ranking leads by fit and intent to prioritise sales follow-up.",
      pages: [2, 3, 5, 2, 1, 0],
    },
    {
      name: "Marketing ROI",
      definition: "Measuring the return of marketing spend by channel and campaign.",
      pages: [4, 2, 1, 2, 1, 1],
    },
    {
      name: "CRM integration",
      definition: "Syncing marketing data with Salesforce and HubSpot.",
      pages: [3, 4, 1, 1, 3, 1],
    },
    {
      name: "Email performance",
      definition: "Opens, clicks and revenue attributed to email programs.",
      pages: [1, 1, 4, 2, 0, 0],
    },
    {
      name: "Privacy and consent",
      definition: "Consent management and cookieless measurement.",
      pages: [0, 3, 0, 1, 0, 2],
    },
    {
      name: "GA4 migration",
      definition: "Moving reporting from Universal Analytics to GA4.",
      pages: [0, 0, 1, 3, 0, 1],
    },
    {
      name: "Account-based marketing",
      definition: "Targeting and measuring named accounts.",
      pages: [2, 1, 0, 0, 4, 0],
    },
  ],
};

const SIDE: ProjectPlan = {
  key: "brightwave-events",
  name: "Brightwave Events",
  slug: "brightwave-events",
  brand: entity(
    "brand",
    "Brightwave Events",
    "events.brightwave.io",
    ["Brightwave Events", "Brightwave Summit"],
    ["event ROI reporting", "webinar-to-pipeline tracking"],
    { start: 0.25, end: 0.3 },
    0.5,
  ),
  competitors: [
    entity("eventlane", "Eventlane", "eventlane.com", ["Eventlane"], ["hybrid event hosting"], {
      start: 0.35,
      end: 0.35,
    }),
    entity("stagely", "Stagely", "stagely.io", ["Stagely"], ["webinar engagement tools"], {
      start: 0.2,
      end: 0.3,
    }),
  ],
  categories: [
    { name: "Webinars", subjects: ["webinar analytics", "webinar platform"] },
    { name: "Field events", subjects: ["event ROI tracking", "trade show lead capture"] },
  ],
  uncategorizedSubjects: ["virtual event software"],
  prompts: 12,
  platforms: ["chatgpt", "perplexity", "gemini"],
  platformTrend: {},
  topics: [
    {
      name: "Webinar analytics",
      definition: "Measuring attendance and engagement of webinars.",
      pages: [3, 2, 4],
    },
    { name: "Event ROI", definition: "Pipeline and revenue influenced by events.", pages: [2, 3, 1] },
    {
      name: "Hybrid events",
      definition: "Running in-person and online audiences together.",
      pages: [0, 4, 2],
    },
    { name: "Lead capture", definition: "Collecting and routing leads at events.", pages: [1, 2, 2] },
    { name: "Event marketing", definition: "Promoting events across channels.", pages: [2, 1, 1] },
    { name: "Sponsorships", definition: "Selling and reporting on event sponsorships.", pages: [1, 1, 0] },
    {
      name: "Attendee experience",
      definition: "Apps, agendas and networking for attendees.",
      pages: [0, 2, 3],
    },
    { name: "Event data", definition: "Syncing event data with the CRM.", pages: [2, 1, 1] },
  ],
};

const OTHER: ProjectPlan = {
  key: "northwind",
  name: "Northwind Freight",
  slug: "northwind-freight",
  brand: entity(
    "brand",
    "Northwind",
    "northwindfreight.com",
    ["Northwind", "Northwind Freight"],
    ["real-time shipment tracking"],
    { start: 0.3, end: 0.3 },
    0.5,
  ),
  competitors: [
    entity("haulio", "Haulio", "haulio.com", ["Haulio"], ["cheap LTL quotes"], { start: 0.3, end: 0.3 }),
    entity("cargoly", "Cargoly", "cargoly.com", ["Cargoly"], ["customs brokerage"], { start: 0.2, end: 0.2 }),
  ],
  categories: [{ name: "Freight", subjects: ["freight forwarding", "LTL shipping"] }],
  uncategorizedSubjects: ["shipment tracking"],
  prompts: 8,
  platforms: ["chatgpt", "claude"],
  platformTrend: {},
  topics: [
    { name: "LTL shipping", definition: "Less-than-truckload freight.", pages: [2, 1, 1] },
    { name: "Customs", definition: "Customs clearance and brokerage.", pages: [0, 1, 3] },
  ],
};

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
