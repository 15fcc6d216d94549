import { z } from "zod";
import { PromptStatus, RangeEcho } from "../enums.js";
import { DateTime, Pagination, Uuid } from "./common.js";

/** Prompt list item (category fields null for uncategorized prompts). */
export const PromptItem = z.object({
  id: Uuid,
  text: z.string(),
  category_id: Uuid.nullable(),
  category: z.object({ id: Uuid, name: z.string(), color: z.string() }).nullable(),
  mention_rate: z.number(),
  mention_rate_delta: z.number(),
  citation_rate: z.number(),
  citation_rate_delta: z.number(),
  last_collected_at: z.string().nullable(),
  status: PromptStatus,
  created_at: DateTime,
});
export type PromptItem = z.infer<typeof PromptItem>;

/** GET /visibility/prompts data. */
export const PromptList = z.object({
  range: RangeEcho,
  prompts: z.array(PromptItem),
  pagination: Pagination,
});
export type PromptList = z.infer<typeof PromptList>;
