import { sql } from "kysely";
import type { Store } from "../store/db.js";
import { ApiError } from "./api-error.js";
import type { Caller, ProjectRef } from "./handler.js";

/**
 * A resolved project with its data version (migration 005) and the row's `xmin`, which moves when
 * the project is re-inserted (a re-seed), read in the same query for the response cache.
 */
export interface ResolvedProject extends ProjectRef {
  dataVersion: string;
}

/**
 * Step 4: the project the request is about. A pinned key always gets its own project (project_id
 * ignored); otherwise project_id must name a project of the key's workspace, else 404.
 */
export async function resolveProject(
  store: Store,
  caller: Caller,
  projectId: string | undefined,
): Promise<ResolvedProject> {
  const id = caller.pinnedProjectId ?? projectId;
  if (id === undefined) throw ApiError.notFound("project");
  // A row read while the store's write epoch stood still is still current (PGlite: no statement
  // wrote; PostgreSQL: no write here and no change notified by another process), so a cached
  // answer costs no query at all. Without an epoch (PostgreSQL not listening yet): read.
  const epoch = store.writeEpoch?.();
  if (epoch === undefined) return readProject(store, caller.workspaceId, id);
  let known = KNOWN.get(store);
  if (!known) {
    known = new Map();
    KNOWN.set(store, known);
  }
  const key = `${caller.workspaceId} ${id}`;
  const hit = known.get(key);
  if (hit?.epoch === epoch) return hit.project;
  // Kept under the count seen before reading: if a statement wrote meanwhile, it is never served.
  // Only found projects are kept, so the map holds at most the projects there are.
  const project = await readProject(store, caller.workspaceId, id);
  known.set(key, { epoch, project });
  return project;
}

/** Project rows read at a write epoch, per store. */
const KNOWN = new WeakMap<Store, Map<string, { epoch: number; project: ResolvedProject }>>();

async function readProject(store: Store, workspaceId: string, id: string): Promise<ResolvedProject> {
  const row = await store.db
    .selectFrom("projects")
    .select(["id", "workspace_id", "name", "slug", "brand_name", "brand_domain"])
    .select(sql<string>`data_version::text || '.' || xmin::text`.as("data_version"))
    .where("id", "=", id)
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirstOrThrow(() => ApiError.notFound("project"));
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    name: row.name,
    slug: row.slug,
    brandName: row.brand_name,
    brandDomain: row.brand_domain,
    dataVersion: row.data_version,
  };
}
