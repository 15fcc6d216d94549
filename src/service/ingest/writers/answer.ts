/**
 * Writes an answer with its citations. Cited URLs are normalized into `urls` (one row per project
 * and normalized URL, tagged you/competitor/other on first sight). The answer is unchanged when its
 * row and its ordered citations (position, normalized URL, title) are.
 */
import type { z } from "zod";
import { normalizeUrl, urlDomain } from "../../../contract/index.js";
import type { AnswerRecord } from "../schemas/setup.js";
import type { WriteContext, WriteOutcome } from "./_context.js";
import { dayIn, ownerOf, projectFacts } from "./_project-facts.js";
import { sameColumns, upsertById } from "./_upsert.js";

/** Characters of `text` kept as the preview when the record gives none. */
const PREVIEW_LENGTH = 200;

/** Upserts one answer and, when anything differs, replaces its citations. */
export async function writeAnswer(
  ctx: WriteContext,
  d: z.output<typeof AnswerRecord>,
): Promise<WriteOutcome> {
  const projectId = ctx.resolved.projectId as string;
  const facts = await projectFacts(ctx.trx, ctx.projects, projectId);
  const collectedAt = new Date(d.collected_at);
  const day = dayIn(facts.timezone, collectedAt);
  const cited = d.citations.map((c, i) => {
    const url = normalizeUrl(c.url);
    const domain = urlDomain(c.url);
    return {
      position: c.position ?? i + 1,
      url,
      raw: c.url,
      domain,
      title: c.title,
      ...ownerOf(facts, domain),
    };
  });
  const citedCompetitors = [...new Set(cited.flatMap((c) => (c.competitorId ? [c.competitorId] : [])))];
  const row = {
    id: d.id,
    project_id: projectId,
    prompt_id: d.prompt_id,
    platform: d.platform,
    status: d.status,
    collected_at: collectedAt,
    day,
    preview: d.preview ?? d.text.slice(0, PREVIEW_LENGTH),
    text: d.text,
    brand_mentioned: d.brand_mentioned,
    brand_cited: cited.some((c) => c.owner === "you"),
    competitor_found: d.mentioned_competitor_ids.length > 0,
    mentioned_competitor_ids: d.mentioned_competitor_ids,
    cited_competitor_ids: citedCompetitors,
    mention_excerpts: d.mention_excerpts,
    error_message: d.error_message,
  };

  const stored = await ctx.trx
    .selectFrom("citations")
    .innerJoin("urls", "urls.id", "citations.url_id")
    .select(["citations.position", "urls.url", "citations.title"])
    .where("citations.answer_id", "=", d.id)
    .orderBy("citations.position")
    .execute();
  const wanted = [...cited].sort((a, b) => a.position - b.position);
  const sameCitations =
    stored.length === wanted.length &&
    stored.every((s, i) =>
      sameColumns(s, { position: wanted[i]?.position, url: wanted[i]?.url, title: wanted[i]?.title }),
    );
  const result = await upsertById(ctx.trx, "answers", row);
  if (result.outcome === "unchanged" && sameCitations) return { changed: false, events: 0 };

  await ctx.trx.deleteFrom("citations").where("answer_id", "=", d.id).execute();
  if (cited.length > 0) {
    await ctx.trx
      .insertInto("urls")
      .values(
        cited.map((c) => ({
          project_id: projectId,
          url: c.url,
          raw_url: c.raw,
          domain: c.domain,
          owner: c.owner,
          competitor_id: c.competitorId,
        })),
      )
      .onConflict((oc) => oc.columns(["project_id", "url"]).doNothing())
      .execute();
    const urlRows = await ctx.trx
      .selectFrom("urls")
      .select(["id", "url"])
      .where("project_id", "=", projectId)
      .where(
        "url",
        "in",
        cited.map((c) => c.url),
      )
      .execute();
    const idOf = new Map(urlRows.map((u) => [u.url, u.id]));
    await ctx.trx
      .insertInto("citations")
      .values(
        cited.map((c) => ({
          answer_id: d.id,
          url_id: idOf.get(c.url) as string,
          position: c.position,
          title: c.title,
          project_id: projectId,
          day,
          prompt_id: d.prompt_id,
          platform: d.platform,
        })),
      )
      .execute();
  }
  return { changed: true, events: 0 };
}
