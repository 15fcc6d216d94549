import { z } from "zod";
import type { Project } from "../contract/index.js";
import { MAX_TEXT } from "../contract/index.js";
import { selectProjects } from "../report/select-projects.js";
import { ToolInputError } from "./errors.js";
import type { ToolContext } from "./tool.js";

/** The `project` argument: an id or a name, as `vreport generate --project` takes it. */
export const PROJECT_INPUT = z
  .string()
  .min(1)
  .max(MAX_TEXT)
  .optional()
  .describe("project id or name (default: the first project the key can read; see list_projects)");

/** The project the argument names among those the key reads; none is an input error listing them. */
export async function projectFor(ctx: ToolContext, wanted: string | undefined): Promise<Project> {
  const { projects } = await ctx.client.listProjects(ctx.signal ? { signal: ctx.signal } : {});
  const [hit] = selectProjects(projects, {
    ...(wanted !== undefined ? { project: wanted } : {}),
    allProjects: false,
  });
  if (hit) return hit;
  const known = projects.map((p) => `${p.name} (${p.id})`).join(", ") || "none: the key reads no project";
  throw new ToolInputError({ project: [`must be one of: ${known}`] });
}
