import { z } from "zod";
import { ContentBuyerStage, ContentStatus } from "../enums.js";
import { DateOnly, DateTime, Pagination, Uuid } from "./common.js";

/**
 * The publishing fields (body, SEO metadata, where it went live) and timestamps, last in both a
 * content item and its content.status_updated event: one list, so the two cannot drift apart. A plain
 * shape, not a schema, so the OpenAPI document gets no component for it.
 */
export const CONTENT_PUBLICATION_FIELDS = {
  body: z.string().nullable(),
  cover_image: z.string().nullable(),
  slug: z.string().nullable(),
  permalink: z.string().nullable(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  post_url: z.string().nullable(),
  createdAt: DateTime,
  updatedAt: DateTime,
};

/** Content item: an idea, a planned article or a produced one. */
export const ContentItem = z.object({
  id: Uuid,
  title: z.string(),
  status: ContentStatus,
  buyer_stage: ContentBuyerStage.nullable(),
  source: z.string(),
  keywords: z.array(z.string()),
  article_promise: z.string().nullable(),
  scope_boundary: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  config: z.object({
    autowrite: z.boolean(),
    planned_for: DateOnly.nullable(),
    planned_time: z.string().nullable(),
  }),
  written_on: DateOnly.nullable(),
  published_on: DateTime.nullable(),
  ...CONTENT_PUBLICATION_FIELDS,
});
export type ContentItem = z.infer<typeof ContentItem>;

/** GET /content data. */
export const ContentList = z.object({ contents: z.array(ContentItem), pagination: Pagination });
export type ContentList = z.infer<typeof ContentList>;
