/**
 * The data version of a project: part of the API's response cache key (docs/api.md, "Extensions
 * to v1": cached reads), so a cached answer is never served once the project's data changed.
 * Every writer of a project's data (ingest, import, aggregate refreshes) calls `bumpDataVersion`,
 * inside its transaction where it has one, so the new data and the new version commit together.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "./schema.js";

/** Whose data changed: projects by id, and every project of a workspace (its timezone or name changed). */
export interface DataChange {
  projectIds?: Iterable<string>;
  workspaceIds?: Iterable<string>;
  /**
   * Projects whose rows the analytics pre-aggregates derive from changed (answers, prompts,
   * categories, competitors, the project itself): bumped too, and their aggregates marked due in
   * the same statement, so the mark commits with the rows (migration 009).
   */
  aggregateProjectIds?: Iterable<string>;
}

/**
 * Moves the data version of the changed projects on: to microseconds since the epoch, or one more
 * when that is not larger (migration 005), so no version a shared cache may hold comes back.
 */
export async function bumpDataVersion(db: Kysely<Database>, change: DataChange): Promise<void> {
  const due = [...(change.aggregateProjectIds ?? [])];
  const projectIds = [...new Set([...(change.projectIds ?? []), ...due])];
  const workspaceIds = [...(change.workspaceIds ?? [])];
  if (projectIds.length === 0 && workspaceIds.length === 0) return;
  await db
    .updateTable("projects")
    .set({
      data_version: sql<string>`greatest(data_version + 1, floor(extract(epoch from clock_timestamp()) * 1000000)::bigint)`,
      ...(due.length > 0
        ? {
            aggregates_due: sql<boolean>`aggregates_due OR id IN (${sql.join(due.map((id) => sql`${id}::uuid`))})`,
          }
        : {}),
    })
    .where((eb) =>
      eb.or([
        ...(projectIds.length > 0 ? [eb("id", "in", projectIds)] : []),
        ...(workspaceIds.length > 0 ? [eb("workspace_id", "in", workspaceIds)] : []),
      ]),
    )
    .execute();
}
