import { z } from "zod";
import { RangeEcho } from "../enums.js";
import { RateStats, Uuid } from "./common.js";

/** A category row; the final Uncategorized row has id and color null. */
export const CategoryVisibilityRow = z.object({
  id: Uuid.nullable(),
  name: z.string(),
  color: z.string().nullable(),
  snapshots: z.number().int(),
  mention_rate: z.number(),
  mention_delta: z.number(),
  citation_rate: z.number(),
  citation_delta: z.number(),
  mention_stats: RateStats,
  citation_stats: RateStats,
});
export type CategoryVisibilityRow = z.infer<typeof CategoryVisibilityRow>;

/** GET /visibility/categories data. */
export const CategoryVisibility = z.object({ range: RangeEcho, categories: z.array(CategoryVisibilityRow) });
export type CategoryVisibility = z.infer<typeof CategoryVisibility>;
