/** Records behind webhook events: content_item, opportunity_run, agent_task, iq_record. */
import { z } from "zod";
import {
  AgentTaskStatus,
  ContentBuyerStage,
  IqStage,
  IqType,
  OpportunityRunStatus,
} from "../../../contract/index.js";
import {
  Day,
  Id,
  JsonObject,
  NullableStrings,
  NullableText,
  OptionalId,
  Strings,
  Text,
  Timestamp,
} from "./_fields.js";

/**
 * Content statuses as stored. REST's PLANNED is not stored: it is a NEW item with
 * `config.planned_for` set, so ingest it that way.
 */
export const StoredContentStatus = z.enum(["NEW", "GENERATING", "GENERATED", "PUBLISHED", "FAILED"]);

/** A content item (contract `ContentItem` field names, plus `project_id`). */
export const ContentItemRecord = z.object({
  id: Id,
  project_id: Id,
  title: Text,
  status: StoredContentStatus,
  buyer_stage: ContentBuyerStage.nullable().default(null),
  source: Text,
  keywords: Strings,
  article_promise: z.string().default(""),
  scope_boundary: z.string().default(""),
  metadata: JsonObject.default({}),
  config: z
    .object({
      autowrite: z.boolean().default(false),
      planned_for: Day.nullable().default(null),
      planned_time: z.string().nullable().default(null),
    })
    .default({ autowrite: false, planned_for: null, planned_time: null }),
  written_on: Day.nullable().default(null),
  published_on: Timestamp.nullable().default(null),
  body: NullableText,
  cover_image: NullableText,
  slug: NullableText,
  permalink: NullableText,
  meta_title: NullableText,
  meta_description: NullableText,
  post_url: NullableText,
  createdAt: Timestamp.optional(),
  updatedAt: Timestamp.optional(),
});

/** An opportunity agent run; `completed` defaults to whether the status is terminal. */
export const OpportunityRunRecord = z.object({
  id: Id,
  project_id: Id,
  agent: Text,
  status: OpportunityRunStatus,
  ideas_count: z.number().int().min(0).default(0),
  error: NullableText,
  ran_at: Timestamp.nullable().default(null),
  completed: z.boolean().optional(),
  created_at: Timestamp.optional(),
  updated_at: Timestamp.optional(),
});

const Usage = z.object({
  input_tokens: z.number().int().min(0),
  output_tokens: z.number().int().min(0),
  total_tokens: z.number().int().min(0).optional(),
});

/** An AI agent task of a workspace (event payload field names). */
export const AgentTaskRecord = z.object({
  id: Id,
  workspace_id: Id,
  agent_id: Id,
  agent: z.object({
    name: Text,
    icon: z.string().nullable().default(null),
    short_description: z.string().nullable().default(null),
  }),
  name: Text,
  status: AgentTaskStatus,
  inputs: JsonObject.default({}),
  outputs: JsonObject.nullable().default(null),
  usage: Usage.default({ input_tokens: 0, output_tokens: 0 }),
  execution_duration: z.number().int().min(0).nullable().default(null),
  started_at: Timestamp.nullable().default(null),
  ended_at: Timestamp.nullable().default(null),
  created_at: Timestamp.optional(),
  updated_at: Timestamp.optional(),
});

/** An IQ analysis (persona, product brief, voice profile), with the event's camelCase names. */
export const IqRecord = z.object({
  id: Id,
  workspace_id: Id,
  type: IqType,
  title: Text,
  description: NullableText,
  content: NullableText,
  metadata: JsonObject.default({}),
  productId: OptionalId,
  productUrls: NullableStrings,
  voiceSampleUrls: NullableStrings,
  contentSampleUrls: NullableStrings,
  imagesUrls: NullableStrings,
  isDefault: z.boolean().default(false),
  stage: IqStage,
  createdAt: Timestamp.optional(),
  updatedAt: Timestamp.optional(),
});

export type ContentItemRecord = z.infer<typeof ContentItemRecord>;
export type OpportunityRunRecord = z.infer<typeof OpportunityRunRecord>;
export type AgentTaskRecord = z.infer<typeof AgentTaskRecord>;
export type IqRecord = z.infer<typeof IqRecord>;
