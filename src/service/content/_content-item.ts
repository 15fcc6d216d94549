import type { ContentItem } from "../../contract/index.js";
import type { ContentItem as ContentRow } from "../store/schema.js";
import { iso, isoOrNull } from "./_iso.js";

/** A stored content item as the API shows it; `status` is the view's (PLANNED for planned items). */
export function toContentItem(row: ContentRow, status: ContentItem["status"]): ContentItem {
  const config = (row.config ?? {}) as Partial<ContentRow["config"]>;
  return {
    id: row.id,
    title: row.title,
    status,
    buyer_stage: row.buyer_stage,
    source: row.source,
    keywords: row.keywords,
    article_promise: row.article_promise === "" ? null : row.article_promise,
    scope_boundary: row.scope_boundary === "" ? null : row.scope_boundary,
    metadata: row.metadata ?? {},
    config: {
      autowrite: config.autowrite === true,
      planned_for: config.planned_for ?? null,
      planned_time: config.planned_time ?? null,
    },
    written_on: row.written_on,
    published_on: isoOrNull(row.published_on),
    body: row.body,
    cover_image: row.cover_image,
    slug: row.slug,
    permalink: row.permalink,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    post_url: row.post_url,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
