/**
 * The deterministic demo workspace: same arguments → identical rows, byte for byte.
 * Everything is derived from the as-of date, the scale and fixed vocabularies through seeded PRNGs
 * and name-based UUIDs; nothing reads the clock.
 */
import type { Store } from "../db.js";
import { StoreError } from "../errors.js";
import { withBulkSession } from "./_bulk.js";
import { buildCatalog } from "./_catalog.js";
import type { SeedContext } from "./_context.js";
import { demoDays, isIsoDate } from "./_dates.js";
import { dropForBulkLoad, outweighs, restoreAfterBulkLoad } from "./_deferred-indexes.js";
import { DEMO_WORKSPACE, OTHER_WORKSPACE, type WorkspacePlan } from "./_plans.js";
import { uuidFor } from "./_prng.js";
import { seedOpportunityRuns, seedWorkspaceAgents } from "./agents.js";
import { seedAnswers } from "./answers.js";
import { seedContent } from "./content.js";
import { seedContentMap } from "./content-map.js";
import { seedProjectSetup, seedWorkspaceRow } from "./setup.js";

export interface SeedOptions {
  /** Last collection day, YYYY-MM-DD in the workspace timezone. */
  asOf: string;
  /** Multiplies prompts (and so answers); 1 ≈ 120 prompts on the main project. Fractions for quick tests. */
  scale?: number;
  /** Days of daily collection ending at asOf (default: 13 whole months before asOf's month, see demoDays). */
  days?: number;
}

export interface SeededProjectSummary {
  id: string;
  name: string;
  slug: string;
  prompts: number;
  competitors: number;
  categories: number;
  platforms: number;
  answers: number;
  citations: number;
  urls: number;
  topics: number;
  sitePages: number;
  contentItems: number;
}

export interface SeedSummary {
  workspaceId: string;
  workspaceName: string;
  timezone: string;
  asOf: string;
  days: number;
  scale: number;
  /** The main project (the first one). */
  mainProjectId: string;
  projects: SeededProjectSummary[];
  totals: { prompts: number; answers: number; citations: number; urls: number };
}

// The fact tables: everything else is small enough to load with its indexes in place.
const BULK_TABLES = ["answers", "citations"] as const;

/** About how many answers seeding `workspace` adds: every prompt on every platform every day. */
function answersToLoad(workspace: WorkspacePlan, days: number, scale: number): number {
  return workspace.projects.reduce(
    (n, p) => n + Math.round(p.prompts * scale) * p.platforms.length * days,
    0,
  );
}

export { DEMO_TIMEZONE, DEMO_WORKSPACE_ID, OTHER_WORKSPACE_ID } from "./demo-workspace.js";

/**
 * Loads (replacing any previous copy) the demo workspace: two projects, 13 months and more of
 * answers telling the story of docs/demo-data.md, content map, content.
 */
export function seedDemo(store: Store, options: SeedOptions): Promise<SeedSummary> {
  return seedWorkspace(store, DEMO_WORKSPACE, options);
}

/** Loads (replacing any previous copy) a second, small workspace, for tenant-isolation tests. */
export function seedSecondWorkspace(store: Store, options: SeedOptions): Promise<SeedSummary> {
  return seedWorkspace(store, OTHER_WORKSPACE, { days: 14, ...options });
}

async function seedWorkspace(
  store: Store,
  workspace: WorkspacePlan,
  options: SeedOptions,
): Promise<SeedSummary> {
  const scale = options.scale ?? 1;
  if (!isIsoDate(options.asOf))
    throw new StoreError("SEED_FAILED", `as-of date must be YYYY-MM-DD, got ${options.asOf}`);
  const days = options.days ?? demoDays(options.asOf);
  if (!(scale > 0) || !Number.isFinite(scale))
    throw new StoreError("SEED_FAILED", `scale must be > 0, got ${scale}`);
  if (!Number.isInteger(days) || days < 1)
    throw new StoreError("SEED_FAILED", `days must be an integer >= 1, got ${days}`);
  const workspaceId = uuidFor(`${workspace.key}/workspace`);
  try {
    return await withBulkSession(store, async (bulk) => {
      const trx = bulk.db;
      await trx.deleteFrom("workspaces").where("id", "=", workspaceId).execute();
      const ctx: SeedContext = { db: trx, bulk, workspace, workspaceId, asOf: options.asOf, days, scale };
      await seedWorkspaceRow(ctx);
      const deferred = (await outweighs(trx, "answers", answersToLoad(workspace, days, scale)))
        ? await dropForBulkLoad(trx, BULK_TABLES)
        : [];
      const projects: SeededProjectSummary[] = [];
      for (const [index, plan] of workspace.projects.entries()) {
        const project = await seedProjectSetup(ctx, plan, index);
        const catalog = buildCatalog(plan);
        const map = await seedContentMap(ctx, project, catalog);
        const answers = await seedAnswers(ctx, project, catalog);
        const contentItems = await seedContent(ctx, project, index === 0);
        await seedOpportunityRuns(ctx, project);
        projects.push({
          id: project.id,
          name: plan.name,
          slug: plan.slug,
          prompts: project.prompts.length,
          competitors: plan.competitors.length,
          categories: plan.categories.length,
          platforms: plan.platforms.length,
          ...answers,
          topics: map.topics,
          sitePages: map.pages,
          contentItems,
        });
      }
      await seedWorkspaceAgents(ctx);
      await restoreAfterBulkLoad(trx, deferred);
      const sum = (key: "prompts" | "answers" | "citations" | "urls"): number =>
        projects.reduce((total, p) => total + p[key], 0);
      return {
        workspaceId,
        workspaceName: workspace.name,
        timezone: workspace.timezone,
        asOf: options.asOf,
        days,
        scale,
        mainProjectId: projects[0]!.id,
        projects,
        totals: {
          prompts: sum("prompts"),
          answers: sum("answers"),
          citations: sum("citations"),
          urls: sum("urls"),
        },
      };
    });
  } catch (error) {
    if (error instanceof StoreError) throw error;
    throw new StoreError("SEED_FAILED", `seeding ${workspace.name} failed: ${String(error)}`, {
      cause: error,
    });
  }
}
