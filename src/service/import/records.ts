/**
 * The ingest records an import writes (the same writers as `vreport ingest`, so derived fields,
 * citation tagging and idempotency are the ingest's: docs/ingest.md): the workspace, project and
 * competitors of its setup, and per row its category, prompt and answer.
 */
import type { z } from "zod";
import type { Platform } from "../../contract/index.js";
import type { IngestRecord } from "../ingest/index.js";
import type { AnswerRecord } from "../ingest/schemas/setup.js";
import type { Slot } from "./answer-slots.js";
import type { ExistingSetup } from "./existing.js";
import { categoryId, competitorId, ownerId, projectId, workspaceId } from "./ids.js";
import type { ParsedRow } from "./parse-row.js";
import type { ImportSetup } from "./setup.js";

/** What a stored project keeps across imports: fields an import does not set. */
export interface KeptProjectFields {
  platforms: readonly Platform[];
  schedule_days: number[];
  schedule_hour: number;
}

/** The ids of a setup's workspace, project and competitors. */
export interface SetupIds {
  workspaceId: string;
  projectId: string;
  /** Competitor name and variants, lowercased → id. */
  competitorIds: Map<string, string>;
  /** The brand's name and variants, lowercased. */
  brandNames: Set<string>;
}

/** The ids the setup's rows get: the stored workspace's and project's when they exist under these names. */
export function setupIds(setup: ImportSetup, existing: ExistingSetup = {}): SetupIds {
  const ws = existing.workspace?.id ?? workspaceId(setup.workspace);
  const project = existing.projectId ?? projectId(ws, setup.project);
  const competitorIds = new Map<string, string>();
  for (const c of setup.competitors) {
    const id = competitorId(project, c.name);
    for (const name of [c.name, ...c.variants]) competitorIds.set(name.toLowerCase(), id);
  }
  const brandNames = new Set([setup.brand, ...setup.brandVariants].map((n) => n.toLowerCase()));
  return { workspaceId: ws, projectId: project, competitorIds, brandNames };
}

/** Workspace, project and competitor records, parents first. */
export function setupRecords(
  setup: ImportSetup,
  timezone: string,
  kept: KeptProjectFields,
  platforms: ReadonlySet<Platform>,
  existing: ExistingSetup = {},
): IngestRecord[] {
  const ids = setupIds(setup, existing);
  // A stored workspace keeps what the import does not set (its website, logo, owner); only its
  // time zone follows the import.
  const w = existing.workspace;
  return [
    {
      type: "workspace",
      data: {
        id: ids.workspaceId,
        name: setup.workspace,
        website: w?.website ?? "",
        logo: w?.logo ?? "",
        icon: w?.icon ?? "",
        timezone,
        owner: w
          ? { id: w.owner_id, name: w.owner_name, email: w.owner_email, avatar: w.owner_avatar }
          : { id: ownerId(ids.workspaceId), name: setup.workspace, email: "", avatar: "" },
        members: w?.members ?? 1,
      },
    },
    {
      type: "project",
      data: {
        id: ids.projectId,
        workspace_id: ids.workspaceId,
        name: setup.project,
        brand_name: setup.brand,
        brand_domain: setup.domain,
        brand_variants: setup.brandVariants,
        // A platform stays once tracked: a later file of one platform does not drop the others.
        platforms: [...new Set([...kept.platforms, ...platforms])].sort(),
        schedule_days: kept.schedule_days,
        schedule_hour: kept.schedule_hour,
        status: "ACTIVE",
      },
    },
    ...setup.competitors.map(
      (c): IngestRecord => ({
        type: "competitor",
        data: {
          id: competitorId(ids.projectId, c.name),
          project_id: ids.projectId,
          name: c.name,
          domain: c.domain,
          icon: "",
          variants: c.variants,
        },
      }),
    ),
  ];
}

/** The category record of a row's category. */
export function categoryRecord(project: string, name: string): IngestRecord {
  return {
    type: "category",
    data: { id: categoryId(project, name), project_id: project, name, color: "#64748b", order: 0 },
  };
}

/** The prompt record of a row's prompt, in its category (null: uncategorized). */
export function promptRecord(project: string, row: ParsedRow): IngestRecord {
  return {
    type: "prompt",
    data: {
      id: row.promptId,
      project_id: project,
      category_id: row.category === null ? null : categoryId(project, row.category),
      text: row.promptText,
      status: "PENDING",
    },
  };
}

/** The answer record of a row in its slot. */
export function answerRecord(row: ParsedRow, slot: Extract<Slot, { ok: true }>): IngestRecord {
  const data: z.output<typeof AnswerRecord> = {
    id: slot.id,
    prompt_id: row.promptId,
    platform: row.platform,
    status: "COLLECTED",
    collected_at: slot.collectedAt.toISOString(),
    text: row.text,
    brand_mentioned: row.brandMentioned,
    mentioned_competitor_ids: row.mentionedCompetitorIds,
    mention_excerpts: [],
    error_message: null,
    citations: row.citations.map((url) => ({ url, title: null })),
  };
  return { type: "answer", data };
}
