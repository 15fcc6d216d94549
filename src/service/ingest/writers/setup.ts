/** Writers of workspaces, projects (with their platforms), competitors, categories and prompts. */
import type { z } from "zod";
import { projectSlug } from "../../../format/slug.js";
import type {
  CategoryRecord,
  CompetitorRecord,
  ProjectRecord,
  PromptRecord,
  WorkspaceRecord,
} from "../schemas/setup.js";
import type { WriteContext, WriteOutcome } from "./_context.js";
import { sameValue, upsertById } from "./_upsert.js";

type Out<T extends z.ZodType> = z.output<T>;
const unchanged: WriteOutcome = { changed: false, events: 0 };
const changed: WriteOutcome = { changed: true, events: 0 };

/** Upserts a workspace (the owner object is stored flat). */
export async function writeWorkspace(
  ctx: WriteContext,
  d: Out<typeof WorkspaceRecord>,
): Promise<WriteOutcome> {
  const result = await upsertById(ctx.trx, "workspaces", {
    id: d.id,
    name: d.name,
    website: d.website,
    logo: d.logo,
    icon: d.icon,
    timezone: d.timezone,
    owner_id: d.owner.id,
    owner_name: d.owner.name,
    owner_email: d.owner.email,
    owner_avatar: d.owner.avatar,
    members: d.members,
    created_at: d.created_at,
  });
  if (result.outcome !== "unchanged") ctx.projects.clear();
  return result.outcome === "unchanged" ? unchanged : changed;
}

/** Upserts a project and replaces its platform set when it differs. */
export async function writeProject(ctx: WriteContext, d: Out<typeof ProjectRecord>): Promise<WriteOutcome> {
  const result = await upsertById(ctx.trx, "projects", {
    id: d.id,
    workspace_id: d.workspace_id,
    name: d.name,
    slug: d.slug ?? projectSlug(d.name),
    brand_name: d.brand_name,
    brand_domain: d.brand_domain,
    brand_variants: d.brand_variants,
    schedule_days: d.schedule_days,
    schedule_hour: d.schedule_hour,
    status: d.status,
    created_at: d.created_at,
  });
  const stored = await ctx.trx
    .selectFrom("project_platforms")
    .select("platform")
    .where("project_id", "=", d.id)
    .execute();
  const want = [...new Set(d.platforms)].sort();
  const have = stored.map((r) => r.platform).sort();
  let platformsChanged = false;
  if (!sameValue(want, have)) {
    await ctx.trx.deleteFrom("project_platforms").where("project_id", "=", d.id).execute();
    if (want.length > 0)
      await ctx.trx
        .insertInto("project_platforms")
        .values(want.map((platform) => ({ project_id: d.id, platform })))
        .execute();
    platformsChanged = true;
  }
  if (result.outcome !== "unchanged") ctx.projects.delete(d.id);
  return result.outcome === "unchanged" && !platformsChanged ? unchanged : changed;
}

/** Upserts a competitor. */
export async function writeCompetitor(
  ctx: WriteContext,
  d: Out<typeof CompetitorRecord>,
): Promise<WriteOutcome> {
  const result = await upsertById(ctx.trx, "competitors", { ...d });
  if (result.outcome !== "unchanged") ctx.projects.delete(d.project_id);
  return result.outcome === "unchanged" ? unchanged : changed;
}

/** Upserts a category. */
export async function writeCategory(ctx: WriteContext, d: Out<typeof CategoryRecord>): Promise<WriteOutcome> {
  const result = await upsertById(ctx.trx, "categories", { ...d }, { touch: true });
  return result.outcome === "unchanged" ? unchanged : changed;
}

/** Upserts a prompt. */
export async function writePrompt(ctx: WriteContext, d: Out<typeof PromptRecord>): Promise<WriteOutcome> {
  const result = await upsertById(ctx.trx, "prompts", { ...d });
  return result.outcome === "unchanged" ? unchanged : changed;
}
