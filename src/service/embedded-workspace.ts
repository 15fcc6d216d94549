import type { Store } from "./store/db.js";
import { DEMO_WORKSPACE_ID } from "./store/seed/demo-workspace.js";

/** A project stored in the embedded database, with its workspace. */
export interface StoredProject {
  id: string;
  name: string;
  workspaceId: string;
  workspace: string;
  timezone: string;
}

/** Every project of the database, oldest workspace first, then by name. */
export async function storedProjects(store: Store): Promise<StoredProject[]> {
  return store.db
    .selectFrom("projects as p")
    .innerJoin("workspaces as w", "w.id", "p.workspace_id")
    .select(["p.id", "p.name", "w.id as workspaceId", "w.name as workspace", "w.timezone"])
    .orderBy("w.created_at")
    .orderBy("w.id")
    .orderBy("p.name")
    .execute();
}

/** Which workspace the embedded service serves, and whether the demo may be seeded into the database. */
export interface EmbeddedChoice {
  /** The workspace the service's key reads. */
  workspaceId: string;
  /** Its time zone (the demo's before it is seeded). */
  timezone?: string;
  /** True when the database holds data besides the demo: the demo is then never seeded into it. */
  othersData: boolean;
}

/**
 * The workspace of the project asked for (by id, or name in any case) wherever it was stored
 * (the demo, an import, the ingest); without one that is there, the demo when the database holds
 * it or nothing else, else the oldest workspace (docs/import.md, "Reports from the embedded database").
 */
export function chooseWorkspace(projects: readonly StoredProject[], project?: string): EmbeddedChoice {
  const othersData = projects.some((p) => p.workspaceId !== DEMO_WORKSPACE_ID);
  const wanted =
    project === undefined
      ? undefined
      : projects.find((p) => p.id === project || p.name.toLowerCase() === project.toLowerCase());
  const hasDemo = projects.some((p) => p.workspaceId === DEMO_WORKSPACE_ID);
  const chosen = wanted ?? (hasDemo || !othersData ? undefined : projects[0]);
  return chosen === undefined
    ? { workspaceId: DEMO_WORKSPACE_ID, othersData }
    : { workspaceId: chosen.workspaceId, timezone: chosen.timezone, othersData };
}
