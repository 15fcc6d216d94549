/**
 * Kysely table types of the store. Column names are snake_case, exactly as in SQL
 * (`migrations/001-core.ts` is the source of truth; keep both in step).
 *
 * Driver-neutral JS types (both PGlite and pg are configured in `db.ts` to agree):
 * timestamptz → Date, date → "YYYY-MM-DD" string, int4/int8/numeric → number, arrays → JS arrays,
 * jsonb → parsed JSON.
 */
import type { ColumnType, Generated, Selectable } from "kysely";

/** A timestamptz column written as a Date or an ISO string and read as a Date. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamptz column with a `now()` default. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** A nullable timestamptz column. */
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
/** A date column, always "YYYY-MM-DD" (no timezone arithmetic needed by readers). */
export type DateOnly = ColumnType<string, string, string>;
/** A jsonb column holding an object (pg serialises objects, not top-level arrays, as JSON). */
export type Json<T extends object> = ColumnType<T, T, T>;
/** A column with a database default. */
export type Defaulted<T> = ColumnType<T, T | undefined, T>;

export const PLATFORMS = ["chatgpt", "google_ai_overview", "perplexity", "gemini", "grok", "claude"] as const;
export type Platform = (typeof PLATFORMS)[number];
export const BUYER_STAGES = ["AWARENESS", "CONSIDERATION", "DECISION", "NA"] as const;
export type BuyerStage = (typeof BUYER_STAGES)[number];
/** Content ideas may also be BALANCED (docs/decisions.md#content-views-and-stages). */
export type ContentBuyerStage = "AWARENESS" | "CONSIDERATION" | "DECISION" | "BALANCED";
export type UrlOwner = "you" | "competitor" | "other";
export type ContentStatus = "NEW" | "GENERATING" | "GENERATED" | "PUBLISHED" | "FAILED";

export interface WorkspacesTable {
  id: Generated<string>;
  name: string;
  website: string;
  logo: string;
  icon: string;
  timezone: string;
  owner_id: string;
  owner_name: string;
  owner_email: string;
  owner_avatar: string;
  members: number;
  created_at: CreatedAt;
}

export interface ApiKeysTable {
  id: Generated<string>;
  workspace_id: string;
  name: string;
  /** SHA-256 hex of the full key; unique. The key itself is never stored. */
  key_hash: string;
  /** First 8 characters of the key, for display only. */
  prefix: string;
  scopes: string[];
  /** Set when the key is pinned to one project. */
  project_id: string | null;
  expires_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: CreatedAt;
  last_used_at: NullableTimestamp;
}

export interface ProjectsTable {
  id: Generated<string>;
  workspace_id: string;
  name: string;
  slug: string;
  brand_name: string;
  brand_domain: string;
  brand_variants: string[];
  schedule_days: number[];
  schedule_hour: number;
  status: Defaulted<string>;
  created_at: CreatedAt;
  /** Bumped by every write of the project's data (migration 005; store/data-version.ts). */
  data_version: Defaulted<string>;
  /** The analytics pre-aggregates lag the rows: set with them, cleared by a refresh (migration 009). */
  aggregates_due: Defaulted<boolean>;
}

export interface ProjectPlatformsTable {
  project_id: string;
  platform: Platform;
}

export interface CompetitorsTable {
  id: Generated<string>;
  project_id: string;
  name: string;
  domain: string;
  icon: string;
  variants: string[];
  created_at: CreatedAt;
}

export interface CategoriesTable {
  id: Generated<string>;
  project_id: string;
  name: string;
  color: string;
  /** Display order; a reserved word, so raw SQL must write it as "order". */
  order: number;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface PromptsTable {
  id: Generated<string>;
  project_id: string;
  category_id: string | null;
  text: string;
  status: Defaulted<string>;
  created_at: CreatedAt;
}

/** One collected answer of one prompt on one platform: a snapshot. */
export interface AnswersTable {
  id: Generated<string>;
  project_id: string;
  prompt_id: string;
  platform: Platform;
  status: Defaulted<string>;
  collected_at: Timestamp;
  /** Collection day in the workspace timezone, stored so period queries need no tz math. */
  day: DateOnly;
  preview: string;
  text: string;
  brand_mentioned: boolean;
  brand_cited: boolean;
  competitor_found: boolean;
  mentioned_competitor_ids: Defaulted<string[]>;
  cited_competitor_ids: Defaulted<string[]>;
  mention_excerpts: Defaulted<string[]>;
  error_message: string | null;
}

/** One row per distinct normalized URL per project. */
export interface UrlsTable {
  id: Generated<string>;
  project_id: string;
  /** Normalized: lowercase, no scheme, no www., no query, no trailing slash. */
  url: string;
  /** One original form as cited. */
  raw_url: string;
  /** Host without www. */
  domain: string;
  owner: UrlOwner;
  competitor_id: string | null;
}

/** An answer citing a URL. project_id, day, prompt_id, platform copy the answer's, for index-only period scans. */
export interface CitationsTable {
  answer_id: string;
  url_id: string;
  position: number;
  title: string | null;
  project_id: string;
  day: DateOnly;
  prompt_id: string;
  platform: Platform;
}

export interface SitesTable {
  id: Generated<string>;
  project_id: string;
  domain: string;
  /** Competitor id, or the project id for the customer's own site. */
  entity_id: string;
  entity: string;
  is_customer: boolean;
  last_crawled_at: NullableTimestamp;
}

export interface TopicsTable {
  id: Generated<string>;
  project_id: string;
  name: string;
  definition: string;
  source: Defaulted<string>;
  created_at: CreatedAt;
}

export interface SitePagesTable {
  id: Generated<string>;
  project_id: string;
  site_id: string;
  /** The page URL as crawled (https://…). */
  url: string;
  /** Same normalization as urls.url, to join the content map with citations. */
  normalized_url: string;
  title: string;
  heading: string;
  topic_id: string | null;
  buyer_stage: BuyerStage;
  status: "classified" | "unclassified";
  discovered_at: Timestamp;
}

export interface ContentConfig {
  autowrite: boolean;
  planned_for: string | null;
  planned_time: string | null;
}

export interface ContentItemsTable {
  id: Generated<string>;
  project_id: string;
  title: string;
  status: ContentStatus;
  buyer_stage: ContentBuyerStage | null;
  source: string;
  keywords: string[];
  article_promise: Defaulted<string>;
  scope_boundary: Defaulted<string>;
  metadata: Json<Record<string, unknown>>;
  config: Json<ContentConfig>;
  written_on: ColumnType<string | null, string | null | undefined, string | null>;
  published_on: NullableTimestamp;
  body: string | null;
  cover_image: string | null;
  slug: string | null;
  permalink: string | null;
  meta_title: string | null;
  meta_description: string | null;
  post_url: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface OpportunityRunsTable {
  id: Generated<string>;
  project_id: string;
  agent: string;
  status: "PENDING" | "RUNNING" | "COMPLETED" | "FAILED";
  ideas_count: Defaulted<number>;
  error: string | null;
  ran_at: NullableTimestamp;
  completed: Defaulted<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface AgentTasksTable {
  id: Generated<string>;
  workspace_id: string;
  agent_id: string;
  agent: Json<{ id: string; name: string; icon: string; short_description: string }>;
  name: string;
  status: "QUEUED" | "RUNNING" | "SUCCEEDED" | "FAILED";
  inputs: Json<Record<string, unknown>>;
  outputs: ColumnType<
    Record<string, unknown> | null,
    Record<string, unknown> | null,
    Record<string, unknown> | null
  >;
  usage: Json<{ input_tokens: number; output_tokens: number; total_tokens: number }>;
  execution_duration: number | null;
  started_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface IqRecordsTable {
  id: Generated<string>;
  workspace_id: string;
  type: "persona" | "product" | "voice";
  title: string;
  description: string | null;
  content: string | null;
  metadata: Json<Record<string, unknown>>;
  product_id: string | null;
  product_urls: string[] | null;
  voice_sample_urls: string[] | null;
  content_sample_urls: string[] | null;
  images_urls: string[] | null;
  is_default: Defaulted<boolean>;
  stage: "PROCESSING" | "READY";
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** Webhook events waiting for (or done with) at-least-once delivery. */
export interface EventOutboxTable {
  id: Generated<string>;
  workspace_id: string;
  event: string;
  payload: Json<Record<string, unknown>>;
  is_test: Defaulted<boolean>;
  created_at: CreatedAt;
  attempts: Defaulted<number>;
  next_attempt_at: CreatedAt;
  locked_until: NullableTimestamp;
  delivered_at: NullableTimestamp;
  last_error: string | null;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: CreatedAt;
}

/** Every table of the store, keyed by SQL table name. */
export interface Database {
  workspaces: WorkspacesTable;
  api_keys: ApiKeysTable;
  projects: ProjectsTable;
  project_platforms: ProjectPlatformsTable;
  competitors: CompetitorsTable;
  categories: CategoriesTable;
  prompts: PromptsTable;
  answers: AnswersTable;
  urls: UrlsTable;
  citations: CitationsTable;
  sites: SitesTable;
  topics: TopicsTable;
  site_pages: SitePagesTable;
  content_items: ContentItemsTable;
  opportunity_runs: OpportunityRunsTable;
  agent_tasks: AgentTasksTable;
  iq_records: IqRecordsTable;
  event_outbox: EventOutboxTable;
  schema_migrations: SchemaMigrationsTable;
}

export type ContentItem = Selectable<ContentItemsTable>;
