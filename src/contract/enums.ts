import { z } from "zod";
import { COMPARES } from "./calendar-periods.js";

/** AI platforms answers are collected from (spec conventions 7). */
export const PLATFORMS = ["chatgpt", "google_ai_overview", "perplexity", "gemini", "grok", "claude"] as const;
export const Platform = z.enum(PLATFORMS);
export type Platform = z.infer<typeof Platform>;

/** Reporting periods (spec conventions 5). */
export const RANGES = ["7d", "30d", "90d"] as const;
export const Range = z.enum(RANGES);
export type Range = z.infer<typeof Range>;
export const DEFAULT_RANGE: Range = "30d";
/**
 * `range` as responses echo it: `custom` when the request gave `start` and `end` instead (a v1
 * extension, docs/api.md; a request with `range` never sees it).
 */
export const RangeEcho = z.union([Range, z.literal("custom")]);
export type RangeEcho = z.infer<typeof RangeEcho>;
/** The comparison period (`compare`, a v1 extension: docs/decisions.md#period). */
export const CompareParam = z.enum(COMPARES);

/** API key scopes (spec Authentication 2). */
export const SCOPES = ["workspace:read", "visibility:read", "contentmap:read", "content:read"] as const;
export const Scope = z.enum(SCOPES);
export type Scope = z.infer<typeof Scope>;

/** Buyer stages of the content map (spec conventions 8). */
export const BUYER_STAGES = ["AWARENESS", "CONSIDERATION", "DECISION", "NA"] as const;
export const BuyerStage = z.enum(BUYER_STAGES);
export type BuyerStage = z.infer<typeof BuyerStage>;

/** Stages the content IDEAS filter accepts: BALANCED only exists there. */
export const IDEA_STAGES = ["AWARENESS", "CONSIDERATION", "DECISION", "BALANCED"] as const;
export const IdeaStage = z.enum(IDEA_STAGES);

/** Buyer stage of a content item, BALANCED included (docs/decisions.md#content-views-and-stages). */
export const ContentBuyerStage = z.enum(["AWARENESS", "CONSIDERATION", "DECISION", "BALANCED"]);

const CONTENT_VIEWS = ["IDEAS", "PLANNED", "PRODUCED"] as const;
export const ContentView = z.enum(CONTENT_VIEWS);
export type ContentView = z.infer<typeof ContentView>;

/**
 * Content statuses over REST (spec States): NEW for ideas, PLANNED for the planned view
 * (docs/decisions.md#content-views-and-stages).
 */
export const CONTENT_STATUSES = ["NEW", "PLANNED", "GENERATING", "GENERATED", "PUBLISHED", "FAILED"] as const;
export const ContentStatus = z.enum(CONTENT_STATUSES);
export const PRODUCED_STATUSES = ["GENERATING", "GENERATED", "PUBLISHED", "FAILED"] as const;
export const ProducedStatus = z.enum(PRODUCED_STATUSES);

/** Content statuses in event payloads (spec States). */
export const EventContentStatus = z.enum(["DRAFT", "PROCESSING", "GENERATED", "PUBLISHED", "FAILED"]);
export const OpportunityRunStatus = z.enum(["PENDING", "RUNNING", "COMPLETED", "FAILED"]);
export const AgentTaskStatus = z.enum(["QUEUED", "RUNNING", "SUCCEEDED", "FAILED"]);
export const IqStage = z.enum(["PROCESSING", "READY"]);
export const IqType = z.enum(["persona", "product", "voice"]);

export const SitePageStatus = z.enum(["classified", "unclassified"]);
export const PromptStatus = z.enum(["PENDING"]);
export const AnswerStatus = z.enum(["COLLECTED"]);
export const ProjectStatus = z.enum(["ACTIVE"]);

/** Sort fields and directions (defaults: docs/decisions.md#defaults). */
export const PromptSort = z.enum(["created_at", "category", "mention_rate", "citation_rate"]);
export const PageSort = z.enum(["citations", "citation_rate", "unique_prompts"]);
export const Direction = z.enum(["asc", "desc"]);
export const CitedSourceType = z.enum(["domain", "url"]);
export const SourceTag = z.enum(["you", "competitor"]);

/** Category filter value selecting prompts without a category. */
export const UNCATEGORIZED = "__uncategorized__";
