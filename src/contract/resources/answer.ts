import { z } from "zod";
import { AnswerStatus, Platform, PromptStatus, RangeEcho } from "../enums.js";
import { DateTime, Uuid } from "./common.js";

/** Answer, compact view. */
export const AnswerCompact = z.object({
  id: Uuid,
  platform: Platform,
  status: AnswerStatus,
  collected_at: DateTime,
  preview: z.string(),
  brand_mentioned: z.boolean(),
  brand_cited: z.boolean(),
  competitor_found: z.boolean(),
  error_message: z.string().nullable(),
});

/** One citation of an answer (full view; the field names are ours: docs/decisions.md#own-shapes). */
export const AnswerCitation = z.object({
  position: z.number().int(),
  url: z.string(),
  domain: z.string(),
  title: z.string().nullable(),
  tag: z.enum(["you", "competitor"]).nullable(),
});

/** Answer, full view (`full=1`): adds text, citations, mention excerpts and detected competitors. */
export const AnswerFull = AnswerCompact.extend({
  text: z.string(),
  citations: z.array(AnswerCitation),
  mention_excerpts: z.array(z.string()),
  competitors: z.array(z.object({ id: Uuid, name: z.string(), cited: z.boolean() })),
});
export type AnswerFull = z.infer<typeof AnswerFull>;

/** GET /visibility/prompts/{prompt}/answers data. */
export const PromptAnswers = z.object({
  range: RangeEcho,
  prompt: z.object({ id: Uuid, text: z.string(), status: PromptStatus }),
  answers: z.array(z.union([AnswerFull, AnswerCompact])).max(200),
});
export type PromptAnswers = z.infer<typeof PromptAnswers>;
