/** Loads (and caches per run) the project facts an answer needs: time zone, brand and competitor domains. */
import type { Kysely } from "kysely";
import { dayIn } from "../../../contract/calendar.js";
import { urlDomain } from "../../../contract/index.js";
import type { Database, UrlOwner } from "../../store/schema.js";
import type { ProjectFacts } from "./_context.js";

/** The facts of `projectId`, read inside the current transaction so earlier lines of the file count. */
export async function projectFacts(
  trx: Kysely<Database>,
  cache: Map<string, ProjectFacts>,
  projectId: string,
): Promise<ProjectFacts> {
  const cached = cache.get(projectId);
  if (cached) return cached;
  const project = await trx
    .selectFrom("projects")
    .innerJoin("workspaces", "workspaces.id", "projects.workspace_id")
    .select(["projects.workspace_id", "projects.brand_domain", "workspaces.timezone"])
    .where("projects.id", "=", projectId)
    .executeTakeFirstOrThrow();
  const competitors = await trx
    .selectFrom("competitors")
    .select(["id", "domain"])
    .where("project_id", "=", projectId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const facts: ProjectFacts = {
    workspaceId: project.workspace_id,
    timezone: project.timezone,
    brandDomain: urlDomain(project.brand_domain),
    competitors: competitors.map((c) => ({ id: c.id, domain: urlDomain(c.domain) })),
  };
  cache.set(projectId, facts);
  return facts;
}

/** Who owns a cited domain: the brand, a competitor (sub-domains count), or nobody tracked. */
export function ownerOf(
  facts: ProjectFacts,
  domain: string,
): { owner: UrlOwner; competitorId: string | null } {
  const matches = (d: string): boolean => d !== "" && (domain === d || domain.endsWith(`.${d}`));
  if (matches(facts.brandDomain)) return { owner: "you", competitorId: null };
  const competitor = facts.competitors.find((c) => matches(c.domain));
  return competitor
    ? { owner: "competitor", competitorId: competitor.id }
    : { owner: "other", competitorId: null };
}

export { dayIn };
