/**
 * What an import finds already stored under its names (docs/import.md, "Workspace and project"):
 * `--workspace NAME` is the workspace of that name whoever made it (the demo's, one the ingest
 * wrote, an earlier import's), and the project of that name in it, so an import never makes a
 * second workspace or project of a name the database already has.
 */
import type { Kysely, Selectable } from "kysely";
import type { Database, WorkspacesTable } from "../store/schema.js";

/** The stored workspace and project an import writes into, when they exist. */
export interface ExistingSetup {
  workspace?: Selectable<WorkspacesTable>;
  projectId?: string;
}

/** The workspace named `workspace` (the oldest, should there be two) and its project named `project`. */
export async function findExisting(
  db: Kysely<Database>,
  names: { workspace: string; project: string },
): Promise<ExistingSetup> {
  const workspace = await db
    .selectFrom("workspaces")
    .selectAll()
    .where("name", "=", names.workspace)
    .orderBy("created_at")
    .orderBy("id")
    .executeTakeFirst();
  if (workspace === undefined) return {};
  const project = await db
    .selectFrom("projects")
    .select("id")
    .where("workspace_id", "=", workspace.id)
    .where("name", "=", names.project)
    .orderBy("id")
    .executeTakeFirst();
  return { workspace, ...(project !== undefined ? { projectId: project.id } : {}) };
}
