/**
 * The pages of the brand's and the competitors' sites. One catalog feeds both the content map
 * (site_pages) and the citations, so cited brand pages resolve to content-map pages, as they would
 * in production.
 */

import { normalizeUrl } from "../../../contract/index.js";
import type { BuyerStage } from "../schema.js";
import type { ProjectPlan } from "./_plans.js";

export interface CatalogPage {
  /** 0 = the brand, i = competitor i - 1. */
  owner: number;
  url: string;
  normalized: string;
  title: string;
  heading: string;
  /** Index into plan.topics, or null for unclassified pages. */
  topic: number | null;
  stage: BuyerStage;
  /** False for pages answers cite but the crawler has not seen (yet). */
  inMap: boolean;
}

const STAGES: readonly BuyerStage[] = ["AWARENESS", "CONSIDERATION", "DECISION", "NA"];

const slugify = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function topicPage(
  name: string,
  topic: string,
  stage: BuyerStage,
  i: number,
): [path: string, title: string, heading: string] {
  const slug = slugify(topic);
  const suffix = i >= STAGES.length ? `-${i}` : "";
  switch (stage) {
    case "AWARENESS":
      return [
        `/blog/what-is-${slug}${suffix}`,
        `What is ${topic.toLowerCase()}? A practical guide`,
        `${topic}, explained`,
      ];
    case "CONSIDERATION":
      return [
        `/guides/${slug}-tools-compared${suffix}`,
        `${topic}: the best tools compared`,
        `How to compare ${topic.toLowerCase()} tools`,
      ];
    case "DECISION":
      return [
        `/solutions/${slug}${suffix}`,
        `${name} for ${topic.toLowerCase()}`,
        `${topic} with ${name}: pricing and demo`,
      ];
    default:
      return [`/resources/${slug}-glossary${suffix}`, `${topic} glossary`, `${topic} terms and definitions`];
  }
}

/** Builds the page catalog of a project: topic pages per the plan's matrix, plus unclassified and uncrawled pages. */
export function buildCatalog(plan: ProjectPlan): CatalogPage[] {
  const owners = [plan.brand, ...plan.competitors];
  const pages: CatalogPage[] = [];
  owners.forEach((entity, owner) => {
    const add = (
      path: string,
      title: string,
      heading: string,
      topic: number | null,
      stage: BuyerStage,
      inMap = true,
    ) => {
      const url = `https://${entity.domain}${path}`;
      pages.push({ owner, url, normalized: normalizeUrl(url), title, heading, topic, stage, inMap });
    };
    plan.topics.forEach((topic, t) => {
      const count = topic.pages[owner] ?? 0;
      for (let i = 0; i < count; i++) {
        const stage = STAGES[(i + t) % STAGES.length] as BuyerStage;
        add(...topicPage(entity.name, topic.name, stage, i), t, stage);
      }
    });
    // Pages the classifier could not place: they count as "unclassified" in the topic matrix.
    add("/", `${entity.name} | Home`, entity.name, null, "NA");
    add("/pricing", `${entity.name} pricing`, "Plans and pricing", null, "NA");
    if (owner === 0) {
      add("/changelog", `${entity.name} changelog`, "What's new", null, "NA");
      add("/blog/page/2", `${entity.name} blog, page 2`, "Blog", null, "NA");
      add(
        "/research/state-of-b2b-attribution-2024",
        "State of B2B attribution 2024",
        "Report",
        null,
        "NA",
        false,
      );
    }
  });
  return pages;
}
