/** Concrete request paths for every endpoint of the contract, on the seeded demo data. */
import { ENDPOINTS, type EndpointDef, PARAM_SCHEMAS } from "../../src/contract/index.js";
import { ownHandlers } from "../../src/service/content/handlers.js";
import type { Service } from "./_fixture.js";

/** Ids that fill path parameters. */
export interface PathIds {
  competitor: string;
  prompt: string;
  workspace_id: string;
  project: string;
}

/** A competitor, a prompt and the workspace of the main demo project. */
export async function demoIds(svc: Service, projectId = svc.demo.mainProjectId): Promise<PathIds> {
  const competitor = await svc.store.db
    .selectFrom("competitors")
    .select("id")
    .where("project_id", "=", projectId)
    .orderBy("created_at")
    .executeTakeFirstOrThrow();
  const prompt = await svc.store.db
    .selectFrom("prompts")
    .select("id")
    .where("project_id", "=", projectId)
    .orderBy("created_at")
    .executeTakeFirstOrThrow();
  const project = await svc.store.db
    .selectFrom("projects")
    .select("workspace_id")
    .where("id", "=", projectId)
    .executeTakeFirstOrThrow();
  return {
    competitor: competitor.id,
    prompt: prompt.id,
    workspace_id: project.workspace_id,
    project: projectId,
  };
}

/** Whether an endpoint takes project_id. */
export const takesProjectId = (def: EndpointDef) => "project_id" in PARAM_SCHEMAS[def.params].shape;

/** Whether the endpoint is one of this suite's own (not the analytics engineer's). */
export const isOwn = (def: EndpointDef) => def.id in ownHandlers;

/** The relative path of an endpoint with ids filled in and project_id when it takes one. */
export function pathFor(def: EndpointDef, ids: PathIds, withProject = true): string {
  const rel = def.path.replace(
    /\{(\w+)\}/g,
    (_, name: string) => (ids as unknown as Record<string, string>)[name] ?? "",
  );
  return rel + (withProject && takesProjectId(def) ? `?project_id=${ids.project}` : "");
}

export const ALL_ENDPOINTS = ENDPOINTS as readonly EndpointDef[];
