import { z } from "zod";
import { CitedSourceType, RangeEcho, SourceTag } from "../enums.js";

export const CitedSource = z.object({
  rank: z.number().int(),
  value: z.string(),
  citations: z.number().int(),
  share: z.number(),
  tag: SourceTag.nullable(),
});
export type CitedSource = z.infer<typeof CitedSource>;

/**
 * Citations of the period by who owns the cited page: the brand, a tracked competitor, anyone else
 * (they add up to total_citations). A v1 extension (docs/api.md#extensions).
 */
export const CitationsByOwner = z.object({
  you: z.number().int(),
  competitor: z.number().int(),
  other: z.number().int(),
});
export type CitationsByOwner = z.infer<typeof CitationsByOwner>;

/** GET /visibility/cited-sources data. */
export const CitedSources = z.object({
  range: RangeEcho,
  type: CitedSourceType,
  total_citations: z.number().int(),
  citations_by_owner: CitationsByOwner,
  sources: z.array(CitedSource),
});
export type CitedSources = z.infer<typeof CitedSources>;
