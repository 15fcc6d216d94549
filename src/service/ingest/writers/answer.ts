/**
 * Writes answers with their citations. Cited URLs are normalized into `urls` (one row per project
 * and normalized URL, tagged you/competitor/other on first sight). An answer is unchanged when its
 * row and its ordered citations (position, normalized URL, title) are. Answers are written in
 * batches, a few statements per batch whatever its size (an import's thousands of rows:
 * docs/import.md); ingest writes a batch of one.
 */
import type { z } from "zod";
import { normalizeUrl, urlDomain } from "../../../contract/index.js";
import type { AnswerRecord } from "../schemas/setup.js";
import type { ProjectFacts, WriteContext, WriteOutcome } from "./_context.js";
import { dayIn, ownerOf, projectFacts } from "./_project-facts.js";
import { sameColumns } from "./_upsert.js";
import { chunked, insertRows, type UpsertOutcomes, upsertManyById } from "./_upsert-many.js";

/** Characters of `text` kept as the preview when the record gives none. */
const PREVIEW_LENGTH = 200;

type AnswerData = z.output<typeof AnswerRecord>;

/** A cited URL of an answer, normalized and tagged. */
interface Cited {
  position: number;
  url: string;
  raw: string;
  domain: string;
  title: string | null;
  owner: ReturnType<typeof ownerOf>["owner"];
  competitorId: string | null;
}

/** Upserts one answer and, when anything differs, replaces its citations. */
export async function writeAnswer(ctx: WriteContext, d: AnswerData): Promise<WriteOutcome> {
  const outcomes = await writeAnswers(ctx, [d]);
  return { changed: outcomes.get(d.id) !== "unchanged", events: 0 };
}

/**
 * Upserts `answers` (distinct ids, all of the context's project) and replaces the citations of
 * those that differ; returns what happened to each, by id ("updated" when only its citations changed).
 */
export async function writeAnswers(
  ctx: WriteContext,
  answers: readonly AnswerData[],
): Promise<UpsertOutcomes> {
  if (answers.length === 0) return new Map();
  const projectId = ctx.resolved.projectId as string;
  const facts = await projectFacts(ctx.trx, ctx.projects, projectId);
  const derived = answers.map((d) => derive(facts, projectId, d));

  const storedCitations = await citationsOf(
    ctx,
    answers.map((d) => d.id),
  );
  const outcomes = await upsertManyById(
    ctx.trx,
    "answers",
    derived.map((a) => a.row),
  );
  const rewrite: typeof derived = [];
  for (const a of derived) {
    const outcome = outcomes.get(a.row.id);
    if (outcome === "unchanged") {
      if (sameCitations(storedCitations.get(a.row.id) ?? [], a.cited)) continue;
      outcomes.set(a.row.id, "updated");
    }
    rewrite.push(a);
  }
  await replaceCitations(ctx, projectId, rewrite, outcomes);
  return outcomes;
}

/** The stored row of an answer and its cited URLs, derived from the record and the project's facts. */
function derive(facts: ProjectFacts, projectId: string, d: AnswerData) {
  const collectedAt = new Date(d.collected_at);
  const day = dayIn(facts.timezone, collectedAt);
  const cited: Cited[] = d.citations.map((c, i) => {
    const domain = urlDomain(c.url);
    return {
      position: c.position ?? i + 1,
      url: normalizeUrl(c.url),
      raw: c.url,
      domain,
      title: c.title ?? null,
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
  return { row, cited, day };
}

type StoredCitation = { position: number; url: string; title: string | null };

/** The stored citations of `ids`, each answer's in position order. */
async function citationsOf(
  ctx: WriteContext,
  ids: readonly string[],
): Promise<Map<string, StoredCitation[]>> {
  const out = new Map<string, StoredCitation[]>();
  for (const chunk of chunked(ids, 1)) {
    const rows = await ctx.trx
      .selectFrom("citations")
      .innerJoin("urls", "urls.id", "citations.url_id")
      .select(["citations.answer_id", "citations.position", "urls.url", "citations.title"])
      .where("citations.answer_id", "in", chunk)
      .orderBy("citations.answer_id")
      .orderBy("citations.position")
      .execute();
    for (const { answer_id, ...citation } of rows) {
      const list = out.get(answer_id) ?? [];
      list.push(citation);
      out.set(answer_id, list);
    }
  }
  return out;
}

/** Whether the stored citations are the wanted ones, position by position. */
function sameCitations(stored: readonly StoredCitation[], cited: readonly Cited[]): boolean {
  const wanted = [...cited].sort((a, b) => a.position - b.position);
  return (
    stored.length === wanted.length &&
    stored.every((s, i) =>
      sameColumns(s, { position: wanted[i]?.position, url: wanted[i]?.url, title: wanted[i]?.title }),
    )
  );
}

/**
 * Replaces the citations of the changed answers: drops the stored ones, adds the URLs not yet
 * known (the first citing answer in order tags them), inserts the new citations.
 */
async function replaceCitations(
  ctx: WriteContext,
  projectId: string,
  answers: readonly ReturnType<typeof derive>[],
  outcomes: UpsertOutcomes,
): Promise<void> {
  const stale = answers.filter((a) => outcomes.get(a.row.id) !== "inserted").map((a) => a.row.id);
  for (const chunk of chunked(stale, 1))
    await ctx.trx.deleteFrom("citations").where("answer_id", "in", chunk).execute();
  const urls = new Map<string, Cited>();
  for (const a of answers) for (const c of a.cited) if (!urls.has(c.url)) urls.set(c.url, c);
  if (urls.size === 0) return;
  const urlRows = [...urls.values()].map((c) => ({
    project_id: projectId,
    url: c.url,
    raw_url: c.raw,
    domain: c.domain,
    owner: c.owner,
    competitor_id: c.competitorId,
  }));
  for (const chunk of chunked(urlRows, 6))
    await ctx.trx
      .insertInto("urls")
      .values(chunk)
      .onConflict((oc) => oc.columns(["project_id", "url"]).doNothing())
      .execute();
  const idOf = new Map<string, string>();
  for (const chunk of chunked([...urls.keys()], 1)) {
    const rows = await ctx.trx
      .selectFrom("urls")
      .select(["id", "url"])
      .where("project_id", "=", projectId)
      .where("url", "in", chunk)
      .execute();
    for (const u of rows) idOf.set(u.url, u.id);
  }
  const citations = answers.flatMap((a) =>
    a.cited.map((c) => ({
      answer_id: a.row.id,
      url_id: idOf.get(c.url) as string,
      position: c.position,
      title: c.title,
      project_id: projectId,
      day: a.day,
      prompt_id: a.row.prompt_id,
      platform: a.row.platform,
    })),
  );
  await insertRows(ctx.trx, "citations", citations);
}
