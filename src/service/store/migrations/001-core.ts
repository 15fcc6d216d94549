import { sql } from "kysely";
import type { AnyDb, Migration } from "./_types.js";

/**
 * The core tables. Plain SQL rather than the schema builder: arrays, defaults and partial indexes
 * read more clearly, and the same text runs on PGlite and PostgreSQL.
 * Foreign keys cascade so deleting a workspace or project removes everything under it.
 */
const statements = [
  `CREATE TABLE workspaces (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL, website text NOT NULL, logo text NOT NULL, icon text NOT NULL,
    timezone text NOT NULL,
    owner_id uuid NOT NULL, owner_name text NOT NULL, owner_email text NOT NULL, owner_avatar text NOT NULL,
    members integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now())`,
  `CREATE TABLE projects (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    name text NOT NULL, slug text NOT NULL,
    brand_name text NOT NULL, brand_domain text NOT NULL, brand_variants text[] NOT NULL DEFAULT '{}',
    schedule_days integer[] NOT NULL DEFAULT '{}', schedule_hour integer NOT NULL DEFAULT 6,
    status text NOT NULL DEFAULT 'ACTIVE',
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (workspace_id, slug))`,
  `CREATE TABLE api_keys (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    name text NOT NULL,
    key_hash text NOT NULL UNIQUE,
    prefix text NOT NULL,
    scopes text[] NOT NULL,
    project_id uuid REFERENCES projects(id) ON DELETE CASCADE,
    expires_at timestamptz, revoked_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz)`,
  `CREATE TABLE project_platforms (
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    platform text NOT NULL,
    PRIMARY KEY (project_id, platform))`,
  `CREATE TABLE competitors (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    name text NOT NULL, domain text NOT NULL, icon text NOT NULL, variants text[] NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now())`,
  `CREATE INDEX competitors_project ON competitors (project_id)`,
  `CREATE TABLE categories (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    name text NOT NULL, color text NOT NULL, "order" integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now())`,
  `CREATE INDEX categories_project ON categories (project_id)`,
  `CREATE TABLE prompts (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    category_id uuid REFERENCES categories(id) ON DELETE SET NULL,
    text text NOT NULL,
    status text NOT NULL DEFAULT 'PENDING',
    created_at timestamptz NOT NULL DEFAULT now())`,
  `CREATE INDEX prompts_project ON prompts (project_id, created_at)`,
  `CREATE INDEX prompts_category ON prompts (category_id)`,
  `CREATE TABLE answers (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    prompt_id uuid NOT NULL REFERENCES prompts(id) ON DELETE CASCADE,
    platform text NOT NULL,
    status text NOT NULL DEFAULT 'COLLECTED',
    collected_at timestamptz NOT NULL,
    day date NOT NULL,
    preview text NOT NULL, text text NOT NULL,
    brand_mentioned boolean NOT NULL, brand_cited boolean NOT NULL, competitor_found boolean NOT NULL,
    mentioned_competitor_ids uuid[] NOT NULL DEFAULT '{}',
    cited_competitor_ids uuid[] NOT NULL DEFAULT '{}',
    mention_excerpts text[] NOT NULL DEFAULT '{}',
    error_message text)`,
  `CREATE INDEX answers_project_day ON answers (project_id, day)`,
  `CREATE INDEX answers_prompt_collected ON answers (prompt_id, collected_at DESC)`,
  `CREATE TABLE urls (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    url text NOT NULL, raw_url text NOT NULL, domain text NOT NULL,
    owner text NOT NULL CHECK (owner IN ('you', 'competitor', 'other')),
    competitor_id uuid REFERENCES competitors(id) ON DELETE SET NULL,
    UNIQUE (project_id, url))`,
  `CREATE INDEX urls_project_domain ON urls (project_id, domain)`,
  `CREATE INDEX urls_competitor ON urls (competitor_id) WHERE competitor_id IS NOT NULL`,
  `CREATE TABLE citations (
    answer_id uuid NOT NULL REFERENCES answers(id) ON DELETE CASCADE,
    url_id uuid NOT NULL REFERENCES urls(id) ON DELETE CASCADE,
    position integer NOT NULL,
    title text,
    project_id uuid NOT NULL, day date NOT NULL, prompt_id uuid NOT NULL, platform text NOT NULL,
    PRIMARY KEY (answer_id, position))`,
  `CREATE INDEX citations_project_day ON citations (project_id, day)`,
  `CREATE INDEX citations_url_day ON citations (url_id, day)`,
  `CREATE TABLE sites (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    domain text NOT NULL, entity_id uuid NOT NULL, entity text NOT NULL,
    is_customer boolean NOT NULL, last_crawled_at timestamptz)`,
  `CREATE INDEX sites_project ON sites (project_id)`,
  `CREATE TABLE topics (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    name text NOT NULL, definition text NOT NULL, source text NOT NULL DEFAULT 'INDUCED',
    created_at timestamptz NOT NULL DEFAULT now())`,
  `CREATE INDEX topics_project ON topics (project_id)`,
  `CREATE TABLE site_pages (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    site_id uuid NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    url text NOT NULL, normalized_url text NOT NULL, title text NOT NULL, heading text NOT NULL,
    topic_id uuid REFERENCES topics(id) ON DELETE SET NULL,
    buyer_stage text NOT NULL CHECK (buyer_stage IN ('AWARENESS', 'CONSIDERATION', 'DECISION', 'NA')),
    status text NOT NULL CHECK (status IN ('classified', 'unclassified')),
    discovered_at timestamptz NOT NULL)`,
  `CREATE INDEX site_pages_project_discovered ON site_pages (project_id, discovered_at DESC)`,
  `CREATE INDEX site_pages_site ON site_pages (site_id)`,
  `CREATE INDEX site_pages_topic ON site_pages (topic_id)`,
  `CREATE INDEX site_pages_normalized_url ON site_pages (project_id, normalized_url)`,
  `CREATE TABLE content_items (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    title text NOT NULL, status text NOT NULL, buyer_stage text, source text NOT NULL,
    keywords text[] NOT NULL DEFAULT '{}',
    article_promise text NOT NULL DEFAULT '', scope_boundary text NOT NULL DEFAULT '',
    metadata jsonb NOT NULL DEFAULT '{}', config jsonb NOT NULL DEFAULT '{}',
    written_on date, published_on timestamptz,
    body text, cover_image text, slug text, permalink text, meta_title text, meta_description text,
    post_url text,
    created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now())`,
  `CREATE INDEX content_items_project_status ON content_items (project_id, status, created_at DESC)`,
  `CREATE TABLE opportunity_runs (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    agent text NOT NULL, status text NOT NULL, ideas_count integer NOT NULL DEFAULT 0, error text,
    ran_at timestamptz, completed boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now())`,
  `CREATE TABLE agent_tasks (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    agent_id uuid NOT NULL, agent jsonb NOT NULL, name text NOT NULL, status text NOT NULL,
    inputs jsonb NOT NULL DEFAULT '{}', outputs jsonb, usage jsonb NOT NULL DEFAULT '{}',
    execution_duration integer, started_at timestamptz, ended_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now())`,
  `CREATE TABLE iq_records (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    type text NOT NULL, title text NOT NULL, description text, content text,
    metadata jsonb NOT NULL DEFAULT '{}', product_id uuid,
    product_urls text[], voice_sample_urls text[], content_sample_urls text[], images_urls text[],
    is_default boolean NOT NULL DEFAULT false, stage text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now())`,
  `CREATE TABLE event_outbox (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    event text NOT NULL, payload jsonb NOT NULL, is_test boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    locked_until timestamptz, delivered_at timestamptz, last_error text)`,
  // Delivery workers only ever scan what is still pending.
  `CREATE INDEX event_outbox_pending ON event_outbox (next_attempt_at) WHERE delivered_at IS NULL`,
];

export const migration001: Migration = {
  name: "001-core",
  async up(db: AnyDb) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
