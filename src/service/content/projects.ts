import type { Project } from "../../contract/index.js";
import { iso } from "../_iso.js";
import type { Handler } from "../http/handler.js";

/** GET /projects: a pinned key sees only its project; any other key every ACTIVE project of the workspace. */
export const listProjects: Handler<"listProjects"> = async ({ store, caller }) => {
  let query = store.db
    .selectFrom("projects")
    .select(["id", "name", "brand_name", "brand_domain", "status", "created_at"])
    .where("workspace_id", "=", caller.workspaceId)
    .orderBy("created_at")
    .orderBy("name");
  query =
    caller.pinnedProjectId === null
      ? query.where("status", "=", "ACTIVE")
      : query.where("id", "=", caller.pinnedProjectId);
  const rows = await query.execute();
  return {
    pinned: caller.pinnedProjectId !== null,
    projects: rows.map(
      (r): Project => ({
        id: r.id,
        name: r.name,
        brand_name: r.brand_name,
        brand_domain: r.brand_domain,
        status: r.status as Project["status"],
        created_at: iso(r.created_at),
      }),
    ),
  };
};
