import type { ContentItem } from "../../contract/index.js";
import { isoOrNull } from "../_iso.js";
import type { ContentItem as ContentRow } from "../store/schema.js";
import { publicationFields } from "./publication.js";

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
    ...publicationFields(row),
  };
}
