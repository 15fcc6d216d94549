import type { ContentItem, Topic } from "../../contract/index.js";
import type { ContentMapModel, ContentModel } from "../model.js";
import type { Claim } from "./claim.js";

/** True when a content item is about `topic`: its keywords or its title name the topic. */
function isAbout(item: ContentItem, topic: Topic): boolean {
  const name = topic.name.toLocaleLowerCase();
  return (
    item.keywords.some((k) => k.toLocaleLowerCase() === name) || item.title.toLocaleLowerCase().includes(name)
  );
}

/**
 * The client's items about `topic` published by the day `by` (the report's last day): an article
 * published after the period was not there in it, so a quarter's report neither credits it nor
 * stops calling its topic untapped (docs/claims.md, "No topic is called untapped where the client
 * has content"). An item without a publication date counts as published.
 */
export function publishedOn(content: ContentModel | null, topic: Topic, by: string | null): ContentItem[] {
  if (!content) return [];
  return content.views.PRODUCED.filter(
    (i) =>
      i.status === "PUBLISHED" &&
      (by === null || i.published_on === null || i.published_on.slice(0, 10) <= by) &&
      isAbout(i, topic),
  );
}

/**
 * Whether the client's content plan has a page on `topic` that is not published yet: an idea
 * planned, or an article being written (docs/claims.md, "Content map").
 */
function underwayOn(content: ContentModel | null, topic: Topic): boolean {
  if (!content) return false;
  const { PLANNED, PRODUCED } = content.views;
  return [...PLANNED, ...PRODUCED.filter((i) => i.status !== "PUBLISHED")].some((i) => isAbout(i, topic));
}

/** A URL as pages are compared: no scheme, no `www.`, no trailing slash, lower case. */
const pageKey = (url: string) =>
  url
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, "")
    .replace(/^www\./, "")
    .replace(/\/+$/, "");

/**
 * The content map's flags as claims. An untapped topic ("you have no page") on which the client
 * has published is not called untapped: what exists is said instead, and whether answers cite it
 * yet. A coverage gap stays one (it compares page counts, which one more article does not settle).
 */
export function contentMapClaims(
  m: ContentMapModel,
  content: ContentModel | null,
  citedUrls: readonly string[],
  by: string | null,
): Claim[] {
  const out: Claim[] = [];
  const section = "content_map" as const;
  const cited = new Set(citedUrls.map(pageKey));
  const theirs = (t: Topic) => t.competitors.reduce((n, c) => n + c.total, 0);
  const own = new Map(m.untapped.map((t) => [t.id, publishedOn(content, t, by)]));
  const untapped = m.untapped.filter((t) => (own.get(t.id)?.length ?? 0) === 0);
  if (untapped.length > 0)
    out.push({
      kind: "untapped",
      topics: untapped,
      section,
      tone: "negative",
      subjects: untapped.map((t) => t.name),
      rows: untapped.map((t) => `content_map/${t.name}`),
    });
  if (m.gaps.length > 0)
    out.push({
      kind: "coverage-gaps",
      topics: m.gaps,
      underway: m.gaps.filter((t) => underwayOn(content, t)),
      section,
      tone: "negative",
      subjects: m.gaps.map((t) => t.name),
      rows: m.gaps.map((t) => `content_map/${t.name}`),
    });
  for (const topic of m.untapped) {
    const items = own.get(topic.id) ?? [];
    if (items.length === 0) continue;
    out.push({
      kind: "topic-own-content",
      topic,
      items: items.length,
      cited: items.filter((i) => i.post_url !== null && cited.has(pageKey(i.post_url))).length,
      competitorPages: theirs(topic),
      section,
      tone: "neutral",
      subjects: [topic.name],
      rows: [`content_map/${topic.name}`, ...items.map((i) => `content/${i.id}`)],
    });
  }
  return out;
}
