import { z } from "zod";
import { BuyerStage, SitePageStatus } from "../enums.js";
import { DateTime, Pagination, Uuid } from "./common.js";

/** Site page of the content map (topic fields null while unclassified). */
export const SitePage = z.object({
  id: Uuid,
  url: z.string(),
  title: z.string(),
  heading: z.string(),
  topic_id: Uuid.nullable(),
  topic: z.string().nullable(),
  topic_definition: z.string().nullable(),
  buyer_stage: BuyerStage,
  status: SitePageStatus,
  entity_id: Uuid,
  entity: z.string(),
  is_customer: z.boolean(),
  discovered_at: DateTime,
});
export type SitePage = z.infer<typeof SitePage>;

/** GET /content-map/pages data. */
export const SitePageList = z.object({ pages: z.array(SitePage), pagination: Pagination });
export type SitePageList = z.infer<typeof SitePageList>;

/** Page counts by buyer stage. */
export const StageCounts = z.object({
  AWARENESS: z.number().int(),
  CONSIDERATION: z.number().int(),
  DECISION: z.number().int(),
  NA: z.number().int(),
});
export type StageCounts = z.infer<typeof StageCounts>;

/** A topic matrix row. */
export const Topic = z.object({
  id: Uuid,
  name: z.string(),
  definition: z.string(),
  source: z.literal("INDUCED"),
  you: z.object({ total: z.number().int(), stages: StageCounts }),
  competitors: z.array(
    z.object({ total: z.number().int(), stages: StageCounts, entity_id: Uuid, name: z.string() }),
  ),
  is_untapped: z.boolean(),
  is_coverage_gap: z.boolean(),
});
export type Topic = z.infer<typeof Topic>;

/** GET /content-map/topics data. */
export const TopicMatrix = z.object({ topics: z.array(Topic), unclassified: z.number().int() });
export type TopicMatrix = z.infer<typeof TopicMatrix>;

/** A crawled site (GET /content-map/sites; the project's own shape: docs/decisions.md#own-shapes). */
export const Site = z.object({
  id: Uuid,
  domain: z.string(),
  entity_id: Uuid,
  entity: z.string(),
  is_customer: z.boolean(),
  pages: z.number().int(),
  last_crawled_at: DateTime.nullable(),
});
export type Site = z.infer<typeof Site>;

/** GET /content-map/sites data. */
export const SiteList = z.object({ sites: z.array(Site) });
export type SiteList = z.infer<typeof SiteList>;
