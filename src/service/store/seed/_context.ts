/** What every seed step shares. */
import type { Kysely } from "kysely";
import type { Database } from "../schema.js";
import type { BulkSession } from "./_bulk.js";
import type { ProjectPlan, WorkspacePlan } from "./_plans.js";

export interface SeedContext {
  /** The open transaction of the whole seed (same as bulk.db). */
  db: Kysely<Database>;
  bulk: BulkSession;
  workspace: WorkspacePlan;
  workspaceId: string;
  asOf: string;
  days: number;
  scale: number;
}

export interface SeededPrompt {
  id: string;
  text: string;
  subject: string;
  audience: string;
  categoryId: string | null;
  /** Per-entity multiplier of the mention chance (brand first, then competitors). */
  affinity: number[];
}

/** Ids and generated rows of one project that later steps need. */
export interface SeededProject {
  plan: ProjectPlan;
  id: string;
  competitorIds: string[];
  categoryIds: string[];
  prompts: SeededPrompt[];
}
