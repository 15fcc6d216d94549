import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as contract from "../../src/contract/index.js";
import { OTHER_SAMPLES } from "./_samples-other.js";
import { AT, ID, VISIBILITY_SAMPLES } from "./_samples-visibility.js";

const SAMPLES: Record<string, unknown> = { ...VISIBILITY_SAMPLES, ...OTHER_SAMPLES };
const exportsOf: [string, unknown][] = Object.entries(contract);
const SCHEMAS = new Map(exportsOf.filter((e): e is [string, z.ZodType] => e[1] instanceof z.ZodType));

const CONTENT_EVENT_NULLABLE = [
  "buyer_stage",
  "config.planned_for",
  "config.planned_time",
  "written_on",
  "published_on",
  "body",
  "cover_image",
  "slug",
  "permalink",
  "meta_title",
  "meta_description",
  "post_url",
];

const PAGED = ["pagination.next_url", "pagination.prev_url"];

/** A rate's interval bounds: null when they cannot be estimated (docs/metrics.md, "Intervals and significance"). */
const BOUNDS = ["low", "high", "previous_low", "previous_high", "delta_low", "delta_high"];
const boundsOf = (...fields: string[]) => fields.flatMap((f) => BOUNDS.map((b) => `${f}.${b}`));

/**
 * Paths (inside objects, not arrays) where null is a valid value: the spec's nullable fields and
 * the contract's documented readings (see the report's findings). Every other path must reject null.
 */
const METRIC_NULLABLE = ["previous", "delta"];
const NULLABLE: Record<string, string[]> = {
  // A period-extension request whose comparison period has no data (docs/api.md, Extensions to v1).
  Metric: METRIC_NULLABLE,
  SummarySection: METRIC_NULLABLE.map((f) => `totals.snapshots.${f}`),
  ReportSection: METRIC_NULLABLE.map((f) => `totals.snapshots.${f}`),
  Pagination: ["next_url", "prev_url"],
  PromptList: PAGED,
  YourPages: PAGED,
  SitePageList: PAGED,
  ContentList: PAGED,
  PromptItem: ["category_id", "category", "last_collected_at"],
  PromptGap: ["category"],
  AnswerCompact: ["error_message"],
  AnswerFull: ["error_message"],
  AnswerCitation: ["title", "tag"],
  CategoryVisibilityRow: ["id", "color", ...boundsOf("mention_stats", "citation_stats")],
  RateStats: BOUNDS,
  RateMetric: [...METRIC_NULLABLE, ...boundsOf("stats")],
  VisibilityOverview: ["mention_rate", "citation_rate", "share_of_voice"].flatMap((m) => [
    ...METRIC_NULLABLE.map((f) => `${m}.${f}`),
    ...boundsOf(`${m}.stats`),
  ]),
  CompetitorDetail: ["mention_rate", "citation_rate"].flatMap((m) => [
    ...METRIC_NULLABLE.map((f) => `${m}.${f}`),
    ...boundsOf(`${m}.stats`),
  ]),
  LeaderboardRow: boundsOf("mention_stats", "citation_stats", "sov_stats"),
  CitedSource: ["tag"],
  SitePage: ["topic_id", "topic", "topic_definition"],
  Site: ["last_crawled_at"],
  ContentItem: [
    "buyer_stage",
    "article_promise",
    "scope_boundary",
    ...CONTENT_EVENT_NULLABLE.filter((p) => p !== "buyer_stage"),
  ],
  KeyMissingError: ["data"],
  KeyInvalidError: ["data"],
  NotFoundError: ["data"],
  InternalError: ["data"],
  ContentStatusUpdated: CONTENT_EVENT_NULLABLE,
  EventDelivery: CONTENT_EVENT_NULLABLE.map((p) => `data.${p}`),
  OpportunityRunStatusUpdated: ["error", "ran_at"],
  AgentTaskStatusUpdated: [
    "agent.icon",
    "agent.short_description",
    "outputs",
    "execution_duration",
    "started_at",
    "ended_at",
  ],
  IqStatusUpdated: [
    "description",
    "content",
    "productId",
    "productUrls",
    "voiceSampleUrls",
    "contentSampleUrls",
    "imagesUrls",
  ],
};
/** Paths that may be absent (a record's own keys). */
const OPTIONAL: Record<string, string[]> = { ValidationError: ["data.project_id"] };

/** Targeted invalid values: bad enum members, formats, bounds and discriminators. */
const BAD: [schema: string, path: string, value: unknown][] = [
  ["Project", "id", "not-a-uuid"],
  ["Project", "created_at", "yesterday"],
  ["Project", "status", "active"],
  ["TrendPoint", "date", "2026-13-01"],
  ["TrendPoint", "date", AT],
  ["Pagination", "per_page", 2.5],
  ["CategoryVisibilityRow", "snapshots", 1.5],
  ["AnswerCompact", "platform", "bing"],
  ["PromptAnswers", "answers.0.platform", "bing"],
  ["VisibilityOverview", "range", "1y"],
  ["CitedSources", "type", "path"],
  ["CitedSource", "tag", "partner"],
  ["SitePage", "buyer_stage", "BALANCED"],
  ["SitePage", "status", "pending"],
  ["ContentItem", "status", "DRAFT"],
  ["ContentItem", "buyer_stage", "NA"],
  ["ContentItem", "written_on", AT],
  ["ContentStatusUpdated", "status", "NEW"],
  ["ContentStatusUpdated", "buyer_stage", "AWARENESS"],
  ["OpportunityRunStatusUpdated", "status", "QUEUED"],
  ["AgentTaskStatusUpdated", "status", "COMPLETED"],
  ["IqStatusUpdated", "stage", "DONE"],
  ["IqStatusUpdated", "type", "brand"],
  ["ScopeError", "data.required", ["admin:write"]],
  ["KeyMissingError", "code", 4022],
  ["ErrorBody", "code", 4000],
  ["ReportSection", "key", "cover"],
  ["FullReport", "sections.0.key", "cover"],
  ["EventDelivery", "event", "iq.deleted"],
  ["EventDelivery", "event", "opportunity_run.status_updated"],
  ["EventCatalog", "0.group", 5],
  ["EventCatalog", "0", "content.status_updated"],
];

function schema(name: string): z.ZodType {
  const s = SCHEMAS.get(name);
  if (!s) throw new Error(`no contract export ${name}`);
  return s;
}

function objectPaths(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([k, v]) => [prefix + k, ...objectPaths(v, `${prefix + k}.`)]);
}

function mutate(
  sample: unknown,
  path: string,
  change: (parent: Record<string, unknown>, key: string) => void,
) {
  const copy = structuredClone(sample);
  const keys = path.split(".");
  const last = keys.pop() ?? "";
  let parent = copy as Record<string, unknown>;
  for (const k of keys) parent = parent[k] as Record<string, unknown>;
  change(parent, last);
  return copy;
}

/** A value of another JSON type than `v`, so the field's type check must fail. */
function wrongType(v: unknown): unknown {
  if (v === null) return true;
  if (typeof v === "string") return 12345;
  if (typeof v === "number" || typeof v === "boolean") return "12";
  return "x";
}

describe("resource, response, error and event schemas", () => {
  it("have a sample for every exported object, union, array and record schema", () => {
    const kinds = new Set(["object", "union", "array", "record", "intersection"]);
    const unsampled = [...SCHEMAS]
      .filter(([n, s]) => kinds.has(s._zod.def.type) && !(n in SAMPLES))
      .map(([n]) => n);
    expect(unsampled).toEqual([]);
  });

  for (const [name, sample] of Object.entries(SAMPLES)) {
    it(`${name}: accepts a valid sample, rejects missing fields, wrong types and bad nulls`, () => {
      const s = schema(name);
      expect(s.safeParse(sample).error?.issues).toBeUndefined();
      const failures: string[] = [];
      for (const path of objectPaths(sample)) {
        const nullable = NULLABLE[name]?.includes(path) ?? false;
        const optional = OPTIONAL[name]?.includes(path) ?? false;
        const missing = mutate(sample, path, (p, k) => delete p[k]);
        if (s.safeParse(missing).success !== optional) failures.push(`${path} missing`);
        const typed = mutate(sample, path, (p, k) => (p[k] = wrongType(p[k])));
        if (s.safeParse(typed).success) failures.push(`${path} of the wrong type accepted`);
        const nulled = mutate(sample, path, (p, k) => (p[k] = null));
        if (s.safeParse(nulled).success !== nullable)
          failures.push(`${path}: null ${nullable ? "rejected" : "accepted"}`);
      }
      expect(failures).toEqual([]);
    });
  }

  for (const [name, path, value] of BAD) {
    it(`${name}: rejects ${path} = ${JSON.stringify(value)}`, () => {
      expect(schema(name).safeParse(mutate(SAMPLES[name], path, (p, k) => (p[k] = value))).success).toBe(
        false,
      );
    });
  }

  it("caps the competitor detail's top cited pages at 5", () => {
    const detail = SAMPLES.CompetitorDetail as { top_cited_pages: unknown[] };
    const six = { ...detail, top_cited_pages: Array(6).fill(detail.top_cited_pages[0]) };
    expect(contract.CompetitorDetail.safeParse(six).success).toBe(false);
  });

  it("takes every section in the full report and requires `key`", () => {
    const report = SAMPLES.FullReport as { sections: { key: string }[] };
    expect(report.sections.map((s) => s.key)).toEqual([...contract.REPORT_SECTION_KEYS]);
    const { key: _, ...keyless } = report.sections[0] ?? { key: "" };
    expect(contract.ReportSection.safeParse(keyless).success).toBe(false);
  });
});

describe("success envelope", () => {
  const projects = contract.envelope(contract.ProjectList, contract.CODES.projects);
  const body = { code: 2400, messages: "ok", data: SAMPLES.ProjectList };

  it("accepts code, messages and data, and a body without messages", () => {
    expect(projects.safeParse(body).success).toBe(true);
    expect(projects.safeParse({ code: 2400, data: SAMPLES.ProjectList }).success).toBe(true);
  });
  it("rejects another code, a missing or null data, and non-string messages", () => {
    expect(projects.safeParse({ ...body, code: 2410 }).success).toBe(false);
    expect(projects.safeParse({ code: 2400, messages: "ok" }).success).toBe(false);
    expect(projects.safeParse({ ...body, data: null }).success).toBe(false);
    expect(projects.safeParse({ ...body, messages: 1 }).success).toBe(false);
    expect(projects.safeParse({ ...body, data: { pinned: "no", projects: [] } }).success).toBe(false);
  });
  it("wraps every endpoint's data with its success code", () => {
    for (const def of contract.ENDPOINTS) {
      const env = contract.envelope(def.data, def.code);
      expect(env.safeParse({ code: def.code, data: null }).success, def.id).toBe(false);
      expect(env.safeParse({ code: 0, data: {} }).success, def.id).toBe(false);
    }
  });
});

describe("event samples", () => {
  it("accept a delivery of each event type", () => {
    for (const type of contract.EVENT_TYPES) {
      const payload = SAMPLES[schemaNameOf(contract.EVENT_PAYLOADS[type])];
      const delivery = { event: type, timestamp: AT, workspace_id: ID, is_test: true, data: payload };
      expect(contract.EventDelivery.safeParse(delivery).success, type).toBe(true);
    }
  });
});

function schemaNameOf(s: z.ZodType): string {
  return [...SCHEMAS].find(([, v]) => v === s)?.[0] ?? "";
}
