/** Writers of sites, topics and site pages. */
import type { z } from "zod";
import { normalizeUrl } from "../../../contract/index.js";
import type { SitePageRecord, SiteRecord, TopicRecord } from "../schemas/content-map.js";
import type { WriteContext, WriteOutcome } from "./_context.js";
import { upsertById } from "./_upsert.js";

const outcome = (o: string): WriteOutcome => ({ changed: o !== "unchanged", events: 0 });

/** Upserts a site; `is_customer` and the default `entity` name follow from `entity_id`. */
export async function writeSite(ctx: WriteContext, d: z.output<typeof SiteRecord>): Promise<WriteOutcome> {
  const isCustomer = d.entity_id === d.project_id;
  let entity = d.entity;
  if (entity === undefined) {
    const named = isCustomer
      ? await ctx.trx
          .selectFrom("projects")
          .select("brand_name as name")
          .where("id", "=", d.project_id)
          .executeTakeFirst()
      : await ctx.trx
          .selectFrom("competitors")
          .select("name")
          .where("id", "=", d.entity_id)
          .executeTakeFirst();
    entity = named?.name ?? "";
  }
  const result = await upsertById(ctx.trx, "sites", {
    id: d.id,
    project_id: d.project_id,
    domain: d.domain,
    entity_id: d.entity_id,
    entity,
    is_customer: isCustomer,
    last_crawled_at: d.last_crawled_at,
  });
  return outcome(result.outcome);
}

/** Upserts a topic. */
export async function writeTopic(ctx: WriteContext, d: z.output<typeof TopicRecord>): Promise<WriteOutcome> {
  return outcome((await upsertById(ctx.trx, "topics", { ...d })).outcome);
}

/** Upserts a site page: classified when it has a topic; its URL is normalized like cited URLs. */
export async function writeSitePage(
  ctx: WriteContext,
  d: z.output<typeof SitePageRecord>,
): Promise<WriteOutcome> {
  const result = await upsertById(ctx.trx, "site_pages", {
    id: d.id,
    project_id: ctx.resolved.projectId,
    site_id: d.site_id,
    url: d.url,
    normalized_url: normalizeUrl(d.url),
    title: d.title,
    heading: d.heading ?? d.title,
    topic_id: d.topic_id,
    buyer_stage: d.buyer_stage,
    status: d.topic_id === null ? "unclassified" : "classified",
    discovered_at: d.discovered_at,
  });
  return outcome(result.outcome);
}
