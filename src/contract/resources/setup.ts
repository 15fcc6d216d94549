import { z } from "zod";
import { Platform } from "../enums.js";
import { DateTime, Uuid } from "./common.js";

export const Competitor = z.object({
  id: Uuid,
  name: z.string(),
  domain: z.string(),
  icon: z.string(),
  created_at: DateTime,
});
export type Competitor = z.infer<typeof Competitor>;

export const Category = z.object({
  id: Uuid,
  name: z.string(),
  color: z.string(),
  order: z.number().int(),
  prompt_count: z.number().int(),
  created_at: DateTime,
  updated_at: DateTime,
});

/** GET /visibility/setup data. */
export const VisibilitySetup = z.object({
  brand: z.object({
    brand_name: z.string(),
    brand_domain: z.string(),
    brand_variants: z.array(z.string()),
    schedule: z.object({ days: z.array(z.number().int()), hour: z.number().int() }),
    is_configured: z.boolean(),
    next_collection_at: DateTime,
  }),
  competitors: z.array(Competitor),
  categories: z.array(Category),
  platforms: z.array(Platform),
});
export type VisibilitySetup = z.infer<typeof VisibilitySetup>;
