import type { z } from "zod";
import { z as zod } from "zod";
import { CODES } from "./codes.js";
import type { Scope } from "./enums.js";
import { EventCatalog } from "./events.js";
import type { ParamSet } from "./params.js";
import { PromptAnswers } from "./resources/answer.js";
import { CategoryVisibility } from "./resources/categories.js";
import { CitedSources } from "./resources/cited-sources.js";
import { CompetitorDetail, CompetitorPageDetail, CompetitorPages } from "./resources/competitor.js";
import { ContentList } from "./resources/content.js";
import { SiteList, SitePageList, TopicMatrix } from "./resources/content-map.js";
import { Leaderboard } from "./resources/leaderboard.js";
import { VisibilityOverview } from "./resources/overview.js";
import { YourPageDetail, YourPages } from "./resources/pages.js";
import { ProjectList } from "./resources/project.js";
import { PromptList } from "./resources/prompt.js";
import { FullReport } from "./resources/report.js";
import { VisibilitySetup } from "./resources/setup.js";
import { Workspace } from "./resources/workspace.js";

/** Path prefix of every v1 endpoint (spec Versioning). */
export const API_PREFIX = "/core/api/external/v1";

export interface EndpointDef {
  /** Client method name and OpenAPI operationId. */
  id: string;
  /** Path relative to `API_PREFIX` (or to the origin when `atOrigin`), with `{param}` placeholders. */
  path: string;
  atOrigin?: boolean;
  /** `any` = any valid key of the workspace. */
  scope: Scope | "any";
  params: ParamSet;
  /** Success code in the envelope. */
  code: number;
  /** The success answer's `messages`, for the one endpoint whose spec response names it (the event catalog). */
  messages?: string;
  data: z.ZodType;
  /** Row number in the spec's endpoint table (0 for endpoints outside it). */
  specRow: number;
  summary: string;
}

/** Every endpoint the service answers: the spec's 16, /content-map/sites and the event catalog. */
export const ENDPOINTS = [
  {
    id: "listProjects",
    specRow: 1,
    path: "/projects",
    scope: "any",
    params: "none",
    code: CODES.projects,
    data: ProjectList,
    summary: "Projects the key can read",
  },
  {
    id: "getWorkspace",
    specRow: 2,
    path: "/workspace",
    scope: "workspace:read",
    params: "none",
    code: CODES.workspace,
    data: Workspace,
    summary: "Workspace details",
  },
  {
    id: "getReport",
    specRow: 3,
    path: "/visibility/report",
    scope: "visibility:read",
    params: "ranged",
    code: CODES.report,
    data: FullReport,
    summary: "The complete report, every section",
  },
  {
    id: "getOverview",
    specRow: 4,
    path: "/visibility/overview",
    scope: "visibility:read",
    params: "ranged",
    code: CODES.overview,
    data: VisibilityOverview,
    summary: "Mention rate, citation rate, share of voice and trends",
  },
  {
    id: "getSetup",
    specRow: 5,
    path: "/visibility/setup",
    scope: "visibility:read",
    params: "projectOnly",
    code: CODES.setup,
    data: VisibilitySetup,
    summary: "Brand, competitors, categories and platforms",
  },
  {
    id: "getCategories",
    specRow: 6,
    path: "/visibility/categories",
    scope: "visibility:read",
    params: "ranged",
    code: CODES.categories,
    data: CategoryVisibility,
    summary: "Visibility by prompt category",
  },
  {
    id: "getLeaderboard",
    specRow: 7,
    path: "/visibility/competitors",
    scope: "visibility:read",
    params: "ranged",
    code: CODES.leaderboard,
    data: Leaderboard,
    summary: "Brand and competitors ranked",
  },
  {
    id: "getCompetitor",
    specRow: 8,
    path: "/visibility/competitors/{competitor}",
    scope: "visibility:read",
    params: "ranged",
    code: CODES.competitor,
    data: CompetitorDetail,
    summary: "One competitor in detail",
  },
  {
    id: "getCompetitorPages",
    specRow: 9,
    path: "/visibility/competitors/{competitor}/pages",
    scope: "visibility:read",
    params: "competitorPages",
    code: CODES.competitorPages,
    data: zod.union([CompetitorPages, CompetitorPageDetail]),
    summary: "A competitor's cited pages, or one page with url",
  },
  {
    id: "listPrompts",
    specRow: 10,
    path: "/visibility/prompts",
    scope: "visibility:read",
    params: "prompts",
    code: CODES.prompts,
    data: PromptList,
    summary: "Tracked prompts with rates",
  },
  {
    id: "getPromptAnswers",
    specRow: 11,
    path: "/visibility/prompts/{prompt}/answers",
    scope: "visibility:read",
    params: "answers",
    code: CODES.answers,
    data: PromptAnswers,
    summary: "Answers for one prompt, newest first",
  },
  {
    id: "listPages",
    specRow: 12,
    path: "/visibility/pages",
    scope: "visibility:read",
    params: "pages",
    code: CODES.pages,
    data: zod.union([YourPages, YourPageDetail]),
    summary: "Your cited pages, or one page with url",
  },
  {
    id: "getCitedSources",
    specRow: 13,
    path: "/visibility/cited-sources",
    scope: "visibility:read",
    params: "citedSources",
    code: CODES.citedSources,
    data: CitedSources,
    summary: "Most cited domains or URLs",
  },
  {
    id: "getTopics",
    specRow: 14,
    path: "/content-map/topics",
    scope: "contentmap:read",
    params: "projectOnly",
    code: CODES.topics,
    data: TopicMatrix,
    summary: "Topic matrix by buyer stage",
  },
  {
    id: "listContentMapPages",
    specRow: 15,
    path: "/content-map/pages",
    scope: "contentmap:read",
    params: "contentMapPages",
    code: CODES.contentMapPages,
    data: SitePageList,
    summary: "Analysed site pages, newest first",
  },
  {
    id: "listContent",
    specRow: 16,
    path: "/content",
    scope: "content:read",
    params: "content",
    code: CODES.content,
    data: ContentList,
    summary: "Content in one of three views",
  },
  {
    id: "listContentMapSites",
    specRow: 0,
    path: "/content-map/sites",
    scope: "contentmap:read",
    params: "projectOnly",
    code: CODES.contentMapSites,
    data: SiteList,
    summary: "Crawled sites of the content map",
  },
  {
    id: "getEventCatalog",
    specRow: 0,
    path: "/api/workspace/{workspace_id}/webhooks/events",
    atOrigin: true,
    scope: "any",
    params: "none",
    code: CODES.eventCatalog,
    messages: "webhook events",
    data: EventCatalog,
    summary: "Webhook event catalog",
  },
] as const satisfies readonly EndpointDef[];

export type Endpoint = (typeof ENDPOINTS)[number];
export type EndpointId = Endpoint["id"];
export type EndpointById<I extends EndpointId> = Extract<Endpoint, { id: I }>;
/** The validated `data` of an endpoint. */
export type DataOf<I extends EndpointId> = z.output<EndpointById<I>["data"]>;

/** Looks an endpoint up by id. */
export function endpoint<I extends EndpointId>(id: I): EndpointById<I> {
  return ENDPOINTS.find((e) => e.id === id) as EndpointById<I>;
}

/** Full path of an endpoint with its path parameters filled in (URL-encoded). */
export function endpointPath(def: EndpointDef, pathParams: Record<string, string> = {}): string {
  const rel = def.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathParams[name] ?? ""));
  return def.atOrigin ? rel : API_PREFIX + rel;
}

/**
 * The analytics endpoints: computed over the project's answers, so their answers are cached by
 * data version and computed in the service's bounded lane, where a full lane answers 503
 * (docs/api.md, "Extensions to v1" and "Load shedding").
 */
export const ANALYTICS_ENDPOINTS: ReadonlySet<EndpointId> = new Set<EndpointId>([
  "getReport",
  "getOverview",
  "getCategories",
  "getLeaderboard",
  "getCompetitor",
  "getCompetitorPages",
  "listPrompts",
  "getPromptAnswers",
  "listPages",
  "getCitedSources",
]);
