/** Seeds the content map of a project: one site per entity, the induced topics and the crawled pages. */

import { addDays } from "../../../contract/calendar.js";
import type { CatalogPage } from "./_catalog.js";
import type { SeedContext, SeededProject } from "./_context.js";
import { localTime } from "./_dates.js";
import { rngFor, uuidFor } from "./_prng.js";

export interface ContentMapCounts {
  sites: number;
  topics: number;
  pages: number;
}

/** Inserts sites, topics and site pages built from the page catalog. */
export async function seedContentMap(
  ctx: SeedContext,
  project: SeededProject,
  catalog: CatalogPage[],
): Promise<ContentMapCounts> {
  const { plan } = project;
  const label = `${ctx.workspace.key}/${plan.key}`;
  const tz = ctx.workspace.timezone;
  const rng = rngFor(`${label}/content-map`);
  const entities = [plan.brand, ...plan.competitors];
  const siteIds = entities.map((e) => uuidFor(`${label}/site/${e.key}`));
  await ctx.db
    .insertInto("sites")
    .values(
      entities.map((entity, i) => ({
        id: siteIds[i] as string,
        project_id: project.id,
        domain: entity.domain,
        entity_id: i === 0 ? project.id : (project.competitorIds[i - 1] as string),
        entity: entity.name,
        is_customer: i === 0,
        last_crawled_at: localTime(tz, addDays(ctx.asOf, -(i % 4)), 3, 10 * i),
      })),
    )
    .execute();
  const topicIds = plan.topics.map((t) => uuidFor(`${label}/topic/${t.name}`));
  await ctx.db
    .insertInto("topics")
    .values(
      plan.topics.map((topic, i) => ({
        id: topicIds[i] as string,
        project_id: project.id,
        name: topic.name,
        definition: topic.definition,
        created_at: localTime(tz, addDays(ctx.asOf, -60), 4, i),
      })),
    )
    .execute();
  const pages = catalog.filter((p) => p.inMap);
  await ctx.db
    .insertInto("site_pages")
    .values(
      pages.map((page) => ({
        id: uuidFor(`${label}/page/${page.normalized}`),
        project_id: project.id,
        site_id: siteIds[page.owner] as string,
        url: page.url,
        normalized_url: page.normalized,
        title: page.title,
        heading: page.heading,
        topic_id: page.topic === null ? null : (topicIds[page.topic] as string),
        buyer_stage: page.stage,
        status: page.topic === null ? ("unclassified" as const) : ("classified" as const),
        discovered_at: localTime(tz, addDays(ctx.asOf, -rng.int(1, 150)), rng.int(0, 23), rng.int(0, 59)),
      })),
    )
    .execute();
  return { sites: entities.length, topics: plan.topics.length, pages: pages.length };
}
