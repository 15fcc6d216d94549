import { iso } from "../_iso.js";
import { ApiError } from "../http/api-error.js";
import type { Handler } from "../http/handler.js";

/** GET /workspace: the key's workspace. */
export const getWorkspace: Handler<"getWorkspace"> = async ({ store, caller }) => {
  const w = await store.db
    .selectFrom("workspaces")
    .selectAll()
    .where("id", "=", caller.workspaceId)
    .executeTakeFirstOrThrow(() => ApiError.notFound("workspace"));
  return {
    id: w.id,
    name: w.name,
    website: w.website,
    logo: w.logo,
    icon: w.icon,
    timezone: w.timezone,
    owner: { id: w.owner_id, name: w.owner_name, email: w.owner_email, avatar: w.owner_avatar },
    members: w.members,
    created_at: iso(w.created_at),
  };
};
