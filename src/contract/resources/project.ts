import { z } from "zod";
import { ProjectStatus } from "../enums.js";
import { DateTime, Uuid } from "./common.js";

/** Project (a brand). */
export const Project = z.object({
  id: Uuid,
  name: z.string(),
  brand_name: z.string(),
  brand_domain: z.string(),
  status: ProjectStatus,
  created_at: DateTime,
});
export type Project = z.infer<typeof Project>;

/** GET /projects data. */
export const ProjectList = z.object({ pinned: z.boolean(), projects: z.array(Project) });
export type ProjectList = z.infer<typeof ProjectList>;
