import type { Store } from "../store/db.js";

/** A key as listed: everything but its hash. */
export interface KeyInfo {
  id: string;
  workspaceId: string;
  name: string;
  /** Display prefix (`vr_xxxxx`). */
  prefix: string;
  scopes: string[];
  projectId: string | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** Lists the keys of one workspace (or all), oldest first. */
export async function listKeys(store: Store, filter: { workspaceId?: string } = {}): Promise<KeyInfo[]> {
  let query = store.db
    .selectFrom("api_keys")
    .select([
      "id",
      "workspace_id",
      "name",
      "prefix",
      "scopes",
      "project_id",
      "expires_at",
      "revoked_at",
      "created_at",
      "last_used_at",
    ])
    .orderBy("created_at")
    .orderBy("id");
  if (filter.workspaceId !== undefined) query = query.where("workspace_id", "=", filter.workspaceId);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    workspaceId: r.workspace_id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes,
    projectId: r.project_id,
    expiresAt: r.expires_at,
    revokedAt: r.revoked_at,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
  }));
}
