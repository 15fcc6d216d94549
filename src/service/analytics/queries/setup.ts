import type { CompetitorRef } from "../metrics/leaderboard.js";
import type { CategoryRecord, PromptRecord } from "../metrics/prompt-rows.js";
import type { Db } from "./meta.js";

/** Tracked competitors of a project, by name. */
export async function loadCompetitors(db: Db, projectId: string): Promise<CompetitorRef[]> {
  return db
    .selectFrom("competitors")
    .select(["id", "name", "domain"])
    .where("project_id", "=", projectId)
    .orderBy("name")
    .orderBy("id")
    .execute();
}

/** Prompts of a project, oldest first. */
export async function loadPrompts(db: Db, projectId: string): Promise<PromptRecord[]> {
  return db
    .selectFrom("prompts")
    .select(["id", "text", "category_id", "status", "created_at"])
    .where("project_id", "=", projectId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Categories of a project in display order. */
export async function loadCategories(db: Db, projectId: string): Promise<CategoryRecord[]> {
  return db
    .selectFrom("categories")
    .select(["id", "name", "color", "order"])
    .where("project_id", "=", projectId)
    .orderBy("order")
    .orderBy("name")
    .execute();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path parameter can be an id at all (anything else is simply not found). */
export function isUuid(value: string | undefined): value is string {
  return value !== undefined && UUID.test(value);
}
