import type { AnswerFull, PromptAnswers } from "../../../contract/index.js";
import { ApiError } from "../../http/api-error.js";
import type { Handler } from "../../http/handler.js";
import { getOrSet } from "../_map.js";
import type { CompetitorRef } from "../metrics/leaderboard.js";
import {
  type AnswerCitationRow,
  type AnswerRow,
  loadAnswerCitations,
  loadPromptAnswers,
} from "../queries/answers.js";
import { isUuid } from "../queries/setup.js";
import { Loader } from "./_loader.js";

/** Answers returned per prompt (spec Limits). */
const MAX_ANSWERS = 200;

/** The compact view of an answer. */
export function compactAnswer(a: AnswerRow) {
  return {
    id: a.id,
    platform: a.platform,
    status: "COLLECTED" as const,
    collected_at: a.collected_at.toISOString(),
    preview: a.preview,
    brand_mentioned: a.brand_mentioned,
    brand_cited: a.brand_cited,
    competitor_found: a.competitor_found,
    error_message: a.error_message,
  };
}

/** Tracked competitors an answer mentions or cites, by name, each with whether it is cited. */
export function detectedCompetitors(a: AnswerRow, competitors: readonly CompetitorRef[]) {
  return competitors
    .filter((c) => a.mentioned_competitor_ids.includes(c.id) || a.cited_competitor_ids.includes(c.id))
    .map((c) => ({ id: c.id, name: c.name, cited: a.cited_competitor_ids.includes(c.id) }));
}

const citationOf = (c: AnswerCitationRow) => ({
  position: c.position,
  url: c.url,
  domain: c.domain,
  title: c.title,
  tag: c.owner === "other" ? null : c.owner,
});

/** GET /visibility/prompts/{prompt}/answers: newest first, at most 200, compact unless full=1. */
export const getPromptAnswers: Handler<"getPromptAnswers"> = async (ctx): Promise<PromptAnswers> => {
  const l = new Loader(ctx, ctx.query);
  const id = ctx.pathParams.prompt;
  const prompt = isUuid(id) ? (await l.prompts()).find((p) => p.id === id.toLowerCase()) : undefined;
  if (!prompt) throw ApiError.notFound("prompt");
  const q = ctx.query;
  const rows = await loadPromptAnswers(l.db, prompt.id, l.period, {
    platform: q.platform,
    date: q.date,
    limit: MAX_ANSWERS,
    full: q.full,
  });
  const head = { range: l.range, prompt: { id: prompt.id, text: prompt.text, status: "PENDING" as const } };
  if (!q.full) return { ...head, answers: rows.map(compactAnswer) };
  const ids = rows.map((r) => r.id);
  const [citations, competitors] = await Promise.all([loadAnswerCitations(l.db, ids), l.competitors()]);
  const byAnswer = new Map<string, AnswerCitationRow[]>();
  for (const c of citations) getOrSet(byAnswer, c.answer_id, () => []).push(c);
  const answers: AnswerFull[] = rows.map((a) => ({
    ...compactAnswer(a),
    text: a.text ?? "",
    citations: (byAnswer.get(a.id) ?? []).map(citationOf),
    mention_excerpts: a.mention_excerpts ?? [],
    competitors: detectedCompetitors(a, competitors),
  }));
  return { ...head, answers };
};
