import { PLATFORMS, type Platform } from "../../contract/index.js";
import { iso } from "../_iso.js";
import type { Handler } from "../http/handler.js";
import { nextCollectionAt } from "./next-collection.js";

/**
 * GET /visibility/setup. `is_configured`: the schedule has at least one day, and the project
 * collects from at least one platform for at least one prompt. Competitors oldest first,
 * categories by their display order, platforms in the contract's order.
 */
export const getSetup: Handler<"getSetup"> = async ({ store, project, workspace, now }) => {
  const projectId = project!.id;
  const p = await store.db
    .selectFrom("projects")
    .select(["brand_name", "brand_domain", "brand_variants", "schedule_days", "schedule_hour"])
    .where("id", "=", projectId)
    .executeTakeFirstOrThrow();
  const [competitors, categories, platformRows, promptTotal] = await Promise.all([
    store.db
      .selectFrom("competitors")
      .select(["id", "name", "domain", "icon", "created_at"])
      .where("project_id", "=", projectId)
      .orderBy("created_at")
      .orderBy("name")
      .execute(),
    store.db
      .selectFrom("categories as c")
      .leftJoin("prompts as p", "p.category_id", "c.id")
      .select((eb) => [
        "c.id",
        "c.name",
        "c.color",
        "c.order",
        "c.created_at",
        "c.updated_at",
        eb.fn.count<number>("p.id").as("prompt_count"),
      ])
      .where("c.project_id", "=", projectId)
      .groupBy(["c.id", "c.name", "c.color", "c.order", "c.created_at", "c.updated_at"])
      .orderBy("c.order")
      .orderBy("c.name")
      .execute(),
    store.db.selectFrom("project_platforms").select("platform").where("project_id", "=", projectId).execute(),
    store.db
      .selectFrom("prompts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("project_id", "=", projectId)
      .executeTakeFirstOrThrow(),
  ]);
  const enabled = new Set(platformRows.map((r) => r.platform));
  const platforms = PLATFORMS.filter((pl): pl is Platform => enabled.has(pl));
  const schedule = { days: [...p.schedule_days].sort((a, b) => a - b), hour: p.schedule_hour };
  return {
    brand: {
      brand_name: p.brand_name,
      brand_domain: p.brand_domain,
      brand_variants: p.brand_variants,
      schedule,
      is_configured: schedule.days.length > 0 && platforms.length > 0 && Number(promptTotal.n) > 0,
      next_collection_at: iso(nextCollectionAt(schedule, workspace.timezone, now)),
    },
    competitors: competitors.map((c) => ({
      id: c.id,
      name: c.name,
      domain: c.domain,
      icon: c.icon,
      created_at: iso(c.created_at),
    })),
    categories: categories.map((c) => ({
      id: c.id,
      name: c.name,
      color: c.color,
      order: c.order,
      prompt_count: Number(c.prompt_count),
      created_at: iso(c.created_at),
      updated_at: iso(c.updated_at),
    })),
    platforms,
  };
};
