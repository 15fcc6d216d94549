import { z } from "zod";
import { CitedSourceType, Range, SourceTag } from "../enums.js";

export const CitedSource = z.object({
  rank: z.number().int(),
  value: z.string(),
  citations: z.number().int(),
  share: z.number(),
  tag: SourceTag.nullable(),
});
export type CitedSource = z.infer<typeof CitedSource>;

/** GET /visibility/cited-sources data. */
export const CitedSources = z.object({
  range: Range,
  type: CitedSourceType,
  total_citations: z.number().int(),
  sources: z.array(CitedSource),
});
export type CitedSources = z.infer<typeof CitedSources>;
