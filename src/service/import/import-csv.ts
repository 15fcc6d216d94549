/**
 * Imports a tracker's CSV export (docs/import.md): one row per answer. Two passes over the file,
 * so memory does not grow with it: the first validates every row (and the setup against the
 * database) and writes nothing; the second writes the valid rows in transactions of `batchSize`.
 * In strict mode (the default) a single bad row means nothing is written; with `skipInvalid` the
 * bad rows are skipped and reported, the others written.
 */
import type { Kysely } from "kysely";
import type { Platform } from "../../contract/index.js";
import { refreshDue } from "../analytics/aggregates/refresh.js";
import { checkReferences, registerRecord } from "../ingest/references.js";
import { Resolver } from "../ingest/resolver.js";
import type { ProjectFacts } from "../ingest/writers/_context.js";
import type { Database } from "../store/schema.js";
import { ImportError } from "./errors.js";
import { findExisting } from "./existing.js";
import { type PreparedRow, prepareRows, type RowError } from "./prepare-rows.js";
import type { ReadRowsOptions } from "./read-rows.js";
import { type KeptProjectFields, type SetupIds, setupIds, setupRecords } from "./records.js";
import type { ImportSetup } from "./setup.js";
import { writeRows, writeSetup } from "./write-rows.js";

/** Options of `importCsv`. */
export interface ImportOptions {
  /** Skip bad rows (reported) and write the others; default false: any bad row writes nothing. */
  skipInvalid?: boolean;
  /** Rows per transaction (default 1000): each is written in a few multi-row statements. */
  batchSize?: number;
  /**
   * Rebuild the project's analytics pre-aggregates at the end when they are due (default true):
   * after rows changed, or after an earlier run that wrote rows and stopped before its refresh.
   */
  refreshAggregates?: boolean;
  /** Called after each transaction commits, and before the closing refresh. */
  onProgress?: (progress: ImportProgress) => void;
  /** How to read the CSV (delimiter, longest record). */
  read?: ReadRowsOptions;
}

/** Where an import is: rows committed so far, or the closing refresh about to start. */
export type ImportProgress = { phase: "rows"; committed: number } | { phase: "refresh" };

/** Bad rows kept with their reasons (all are counted): enough to fix a file, bounded for a huge one. */
export const MAX_KEPT_ERRORS = 1000;

/** What an import did. `rows` = created + updated + unchanged + skipped (data rows, blank lines aside). */
export interface ImportResult {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Bad rows: skipped with `skipInvalid`; otherwise nothing at all was written. */
  skipped: number;
  /** The first MAX_KEPT_ERRORS bad rows, in file order. */
  errors: RowError[];
  /** Whether anything was written (false: strict mode met a bad row). */
  written: boolean;
  /** Setup records (workspace, project, competitors) created or changed. */
  setupChanged: number;
  workspaceId: string;
  projectId: string;
  timezone: string;
}

/** Imports the CSV file at `path` for `setup` into the store. */
export async function importCsv(
  store: { db: Kysely<Database> },
  path: string,
  setup: ImportSetup,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const { db } = store;
  const existing = await findExisting(db, setup);
  const ids = setupIds(setup, existing);
  const timezone = setup.timezone ?? existing.workspace?.timezone ?? "UTC";
  const kept = await keptProjectFields(db, ids.projectId);
  const result: ImportResult = {
    rows: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    errors: [],
    written: false,
    setupChanged: 0,
    workspaceId: ids.workspaceId,
    projectId: ids.projectId,
    timezone,
  };
  const context = {
    path,
    mapping: setup.mapping,
    timezone,
    ids,
    ...(options.read ? { read: options.read } : {}),
  };

  // Pass 1: validate, write nothing.
  const platforms = new Set<Platform>();
  const report = (error: RowError): void => {
    result.skipped++;
    if (result.errors.length < MAX_KEPT_ERRORS) result.errors.push(error);
  };
  let valid = 0;
  for await (const row of prepareRows(context, report)) {
    valid++;
    platforms.add(row.platform);
  }
  result.rows = valid + result.skipped;
  const setupRows = setupRecords(setup, timezone, kept, platforms, existing);
  await checkSetup(db, setupRows);
  if (result.skipped > 0 && !options.skipInvalid) return result;

  // Pass 2: write the valid rows (the same rows pass 1 accepted).
  const owners = { projectId: ids.projectId, workspaceId: ids.workspaceId };
  const facts = new Map<string, ProjectFacts>();
  result.setupChanged = await writeSetup(db, setupRows, owners, facts);
  result.written = true;
  const batchSize = Math.max(1, options.batchSize ?? 1000);
  let batch: PreparedRow[] = [];
  const flush = async (): Promise<void> => {
    const tally = await writeRows(db, batch, owners, facts);
    result.created += tally.created;
    result.updated += tally.updated;
    result.unchanged += tally.unchanged;
    if (batch.length > 0)
      options.onProgress?.({ phase: "rows", committed: result.created + result.updated + result.unchanged });
    batch = [];
  };
  for await (const row of prepareRows(context, () => {})) {
    batch.push(row);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  if (options.refreshAggregates !== false) {
    options.onProgress?.({ phase: "refresh" });
    await refresh(db, ids);
  }
  return result;
}

/** What the stored project keeps (its platforms and schedule), or a new project's defaults. */
async function keptProjectFields(db: Kysely<Database>, projectId: string): Promise<KeptProjectFields> {
  const project = await db
    .selectFrom("projects")
    .select(["schedule_days", "schedule_hour"])
    .where("id", "=", projectId)
    .executeTakeFirst();
  const platforms = await db
    .selectFrom("project_platforms")
    .select("platform")
    .where("project_id", "=", projectId)
    .execute();
  return {
    platforms: platforms.map((p) => p.platform),
    schedule_days: project?.schedule_days ?? [],
    schedule_hour: project?.schedule_hour ?? 6,
  };
}

/** Checks the setup records as ingest would (a project slug taken by another project); throws BAD_SETUP. */
async function checkSetup(db: Kysely<Database>, records: ReturnType<typeof setupRecords>): Promise<void> {
  const resolver = new Resolver();
  for (const record of records) {
    const checked = await checkReferences(db, resolver, record);
    if (!checked.ok) throw new ImportError("BAD_SETUP", checked.reason);
    registerRecord(resolver, record, checked.resolved);
    resolver.commit();
  }
}

async function refresh(db: Kysely<Database>, ids: SetupIds): Promise<void> {
  try {
    await refreshDue(db, [ids.projectId]);
  } catch (cause) {
    throw new ImportError(
      "REFRESH_FAILED",
      `rows written, but refreshing the analytics of project ${ids.projectId} failed: ${String(cause)}`,
      { cause },
    );
  }
}
