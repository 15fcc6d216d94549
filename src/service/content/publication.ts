import type { ContentItem } from "../../contract/index.js";
import { iso } from "../_iso.js";
import type { ContentItem as ContentRow } from "../store/schema.js";

/** The publishing fields a content item and its content.status_updated event share. */
export type PublicationFields = Pick<
  ContentItem,
  | "body"
  | "cover_image"
  | "slug"
  | "permalink"
  | "meta_title"
  | "meta_description"
  | "post_url"
  | "createdAt"
  | "updatedAt"
>;

/**
 * A stored content item's publishing fields and timestamps, as both the API and the webhook event
 * show them (the contract's CONTENT_PUBLICATION_FIELDS, in the same order).
 */
export function publicationFields(row: ContentRow): PublicationFields {
  return {
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
