/** Records of the content map: site, topic, site_page. */
import { z } from "zod";
import { BuyerStage } from "../../../contract/index.js";
import { Id, OptionalId, Text, Timestamp } from "./_fields.js";

/**
 * A crawled site. `entity_id` is the project id for the customer's own site (then `is_customer`)
 * or one of the project's competitor ids; `entity` defaults to the brand or competitor name.
 */
export const SiteRecord = z.object({
  id: Id,
  project_id: Id,
  domain: Text,
  entity_id: Id,
  entity: z.string().optional(),
  last_crawled_at: Timestamp.nullable().default(null),
});

/** An induced topic of the content map. */
export const TopicRecord = z.object({
  id: Id,
  project_id: Id,
  name: Text,
  definition: z.string().default(""),
  source: z.literal("INDUCED").default("INDUCED"),
  created_at: Timestamp.optional(),
});

/** A crawled page of a site; classified when it has a topic, unclassified otherwise. */
export const SitePageRecord = z.object({
  id: Id,
  site_id: Id,
  url: Text,
  title: z.string(),
  heading: z.string().optional(),
  topic_id: OptionalId,
  buyer_stage: BuyerStage.default("NA"),
  discovered_at: Timestamp,
});

export type SiteRecord = z.infer<typeof SiteRecord>;
export type TopicRecord = z.infer<typeof TopicRecord>;
export type SitePageRecord = z.infer<typeof SitePageRecord>;
