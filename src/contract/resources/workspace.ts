import { z } from "zod";
import { DateTime, Uuid } from "./common.js";

/** GET /workspace data. */
export const Workspace = z.object({
  id: Uuid,
  name: z.string(),
  website: z.string(),
  logo: z.string(),
  icon: z.string(),
  timezone: z.string(),
  owner: z.object({ id: Uuid, name: z.string(), email: z.string(), avatar: z.string() }),
  members: z.number().int(),
  created_at: DateTime,
});
export type Workspace = z.infer<typeof Workspace>;
