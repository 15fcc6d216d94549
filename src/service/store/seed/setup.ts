/** Seeds the workspace, its projects and their visibility setup (competitors, categories, prompts). */

import { addDays } from "../../../contract/calendar.js";
import type { SeedContext, SeededProject, SeededPrompt } from "./_context.js";
import { localTime } from "./_dates.js";
import type { ProjectPlan } from "./_plans.js";
import { rngFor, uuidFor } from "./_prng.js";
import { AUDIENCES, COLORS, PROMPT_TEMPLATES } from "./_vocabulary.js";

/** Inserts the workspace row. */
export async function seedWorkspaceRow(ctx: SeedContext): Promise<void> {
  const { workspace: ws } = ctx;
  await ctx.db
    .insertInto("workspaces")
    .values({
      id: ctx.workspaceId,
      name: ws.name,
      website: ws.website,
      logo: `${ws.website}/static/logo.png`,
      icon: `${ws.website}/favicon.ico`,
      timezone: ws.timezone,
      owner_id: uuidFor(`${ws.key}/owner`),
      owner_name: ws.owner.name,
      owner_email: ws.owner.email,
      owner_avatar: `https://avatars.vreport.dev/${uuidFor(`${ws.key}/owner`).slice(0, 8)}.png`,
      members: ws.members,
      created_at: localTime(ws.timezone, addDays(ctx.asOf, -ctx.days - 60), 10),
    })
    .execute();
}

/** Inserts one project with its platforms, competitors, categories and prompts. */
export async function seedProjectSetup(
  ctx: SeedContext,
  plan: ProjectPlan,
  index: number,
): Promise<SeededProject> {
  const tz = ctx.workspace.timezone;
  const label = `${ctx.workspace.key}/${plan.key}`;
  const id = uuidFor(label);
  const setupDay = addDays(ctx.asOf, -ctx.days - 40 + index * 3);
  await ctx.db
    .insertInto("projects")
    .values({
      id,
      workspace_id: ctx.workspaceId,
      name: plan.name,
      slug: plan.slug,
      brand_name: plan.brand.name,
      brand_domain: plan.brand.domain,
      brand_variants: [...plan.brand.variants],
      schedule_days: [1, 2, 3, 4, 5, 6, 7],
      schedule_hour: 6,
      created_at: localTime(tz, setupDay, 11, 15),
    })
    .execute();
  await ctx.db
    .insertInto("project_platforms")
    .values(plan.platforms.map((platform) => ({ project_id: id, platform })))
    .execute();
  const competitors = plan.competitors.map((c, i) => ({
    id: uuidFor(`${label}/competitor/${c.key}`),
    project_id: id,
    name: c.name,
    domain: c.domain,
    icon: `https://${c.domain}/favicon.ico`,
    variants: [...c.variants],
    // Added one by one after the project, as a user would.
    created_at: localTime(tz, addDays(setupDay, 1 + i), 14, 5 * i),
  }));
  await ctx.db.insertInto("competitors").values(competitors).execute();
  const categories = plan.categories.map((c, i) => ({
    id: uuidFor(`${label}/category/${c.name}`),
    project_id: id,
    name: c.name,
    color: COLORS[i % COLORS.length] as string,
    order: i + 1,
    created_at: localTime(tz, addDays(setupDay, 2), 9, i),
    updated_at: localTime(tz, addDays(setupDay, 2 + (i % 3) * 20), 16, i),
  }));
  await ctx.db.insertInto("categories").values(categories).execute();
  const competitorIds = competitors.map((c) => c.id);
  const categoryIds = categories.map((c) => c.id);
  const prompts = buildPrompts(ctx, plan, label, categoryIds);
  for (let start = 0; start < prompts.length; start += 1000) {
    await ctx.db
      .insertInto("prompts")
      .values(
        prompts.slice(start, start + 1000).map((p, i) => ({
          id: p.id,
          project_id: id,
          category_id: p.categoryId,
          text: p.text,
          created_at: localTime(tz, addDays(setupDay, 3 + ((start + i) % 25)), 10, (start + i) % 60),
        })),
      )
      .execute();
  }
  return { plan, id, competitorIds, categoryIds, prompts };
}

/**
 * Round-robin over the categories plus an "uncategorized" bucket, each walking its own shuffled list
 * of (template, subject, audience) combinations: every bucket gets prompts even at small scales,
 * and the first N prompts at scale 2 are exactly the prompts of scale 1.
 */
function buildPrompts(
  ctx: SeedContext,
  plan: ProjectPlan,
  label: string,
  categoryIds: string[],
): SeededPrompt[] {
  const buckets = [
    ...plan.categories.map((c, i) => ({
      subjects: c.subjects,
      categoryId: categoryIds[i] ?? null,
      name: c.name,
    })),
    { subjects: plan.uncategorizedSubjects, categoryId: null, name: "__uncategorized__" },
  ].map((bucket) => {
    const combos: { subject: string; template: string; audience: string }[] = [];
    for (const subject of bucket.subjects)
      for (const template of PROMPT_TEMPLATES)
        for (const audience of AUDIENCES) combos.push({ subject, template, audience });
    return { ...bucket, combos: rngFor(`${label}/prompts/${bucket.name}`).shuffle(combos) };
  });
  const target = Math.max(buckets.length, Math.round(plan.prompts * ctx.scale));
  const affinityRng = rngFor(`${label}/affinity`);
  const prompts: SeededPrompt[] = [];
  for (let round = 0; prompts.length < target; round++) {
    let added = false;
    for (const bucket of buckets) {
      const combo = bucket.combos[round];
      if (!combo || prompts.length >= target) continue;
      added = true;
      const text = combo.template.replace("{subject}", combo.subject).replace("{audience}", combo.audience);
      prompts.push({
        id: uuidFor(`${label}/prompt/${bucket.name}/${round}`),
        text: text.charAt(0).toUpperCase() + text.slice(1),
        subject: combo.subject,
        audience: combo.audience,
        categoryId: bucket.categoryId,
        affinity: [plan.brand, ...plan.competitors].map((_, e) => {
          const affinity = 0.4 + affinityRng.next() * 1.2;
          // Drawn all the same, so the other prompts' affinities do not depend on this rule.
          return e === 0 && plan.neverNamedSubjects.includes(combo.subject) ? 0 : affinity;
        }),
      });
    }
    if (!added) break;
  }
  return prompts;
}
