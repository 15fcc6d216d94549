/**
 * Writes prepared rows in one transaction through the ingest writers (compare-then-write upserts:
 * an identical row writes nothing), and counts each row's answer as created, updated or unchanged.
 * The setup goes record by record (a handful); the rows in batches (`upsertManyById`,
 * `writeAnswers`).
 */
import type { Kysely } from "kysely";
import type { IngestRecord } from "../ingest/index.js";
import type { ProjectFacts } from "../ingest/writers/_context.js";
import { upsertManyById } from "../ingest/writers/_upsert-many.js";
import { writeAnswers } from "../ingest/writers/answer.js";
import { writeRecord } from "../ingest/writers/write-record.js";
import { bumpDataVersion } from "../store/data-version.js";
import type { Database } from "../store/schema.js";
import { ImportError } from "./errors.js";
import type { PreparedRow } from "./prepare-rows.js";

/** What one transaction did. `changed`: any record changed, the project's analytics must be refreshed. */
export interface WriteTally {
  created: number;
  updated: number;
  unchanged: number;
  changed: boolean;
}

/** The owners every record of an import resolves to. */
export interface Owners {
  projectId: string;
  workspaceId: string;
}

/**
 * Writes `records` (the setup: workspace, project, competitors) in one transaction; returns how
 * many changed. `facts` is the writers' per-run cache of project facts.
 */
export async function writeSetup(
  db: Kysely<Database>,
  records: readonly IngestRecord[],
  owners: Owners,
  facts: Map<string, ProjectFacts>,
): Promise<number> {
  let changed = 0;
  await inTransaction(db, "the project setup", async (trx) => {
    for (const record of records) {
      const outcome = await writeRecord({ trx, resolved: owners, projects: facts }, record);
      if (outcome.changed) changed++;
    }
    // With the records: the API's response cache sees the new setup and the new version together
    // (docs/api.md, "Extensions to v1"); a workspace change concerns all its projects.
    if (changed > 0)
      await bumpDataVersion(trx, {
        workspaceIds: [owners.workspaceId],
        aggregateProjectIds: [owners.projectId],
      });
  });
  return changed;
}

/**
 * Writes `rows` in one transaction, each table's records of the batch together: the new
 * categories, then the prompts, then the answers with their citations — a few statements per
 * batch, not per row (docs/import.md, "How it runs, and memory").
 */
export async function writeRows(
  db: Kysely<Database>,
  rows: readonly PreparedRow[],
  owners: Owners,
  facts: Map<string, ProjectFacts>,
): Promise<WriteTally> {
  const tally: WriteTally = { created: 0, updated: 0, unchanged: 0, changed: false };
  if (rows.length === 0) return tally;
  const range = `rows ${rows[0]?.row}–${rows.at(-1)?.row}`;
  const of = <T extends IngestRecord["type"]>(type: T) =>
    rows.flatMap((r) =>
      r.records.flatMap((record) =>
        record.type === type ? [record.data as Extract<IngestRecord, { type: T }>["data"]] : [],
      ),
    );
  await inTransaction(db, range, async (trx) => {
    const categories = await upsertManyById(
      trx,
      "categories",
      of("category").map((d) => ({ ...d })),
      { touch: true },
    );
    const prompts = await upsertManyById(
      trx,
      "prompts",
      of("prompt").map((d) => ({ ...d })),
    );
    const answers = await writeAnswers({ trx, resolved: owners, projects: facts }, of("answer"));
    for (const row of rows) {
      const outcome = answers.get(row.answerId);
      if (outcome === "inserted") tally.created++;
      else if (outcome === "updated") tally.updated++;
      else tally.unchanged++;
    }
    tally.changed = [...categories.values(), ...prompts.values(), ...answers.values()].some(
      (o) => o !== "unchanged",
    );
    // The analytics are marked due with the rows: a crash before the import's refresh leaves them
    // due, and the next read or run rebuilds them (docs/decisions.md, "Crash consistency").
    if (tally.changed) await bumpDataVersion(trx, { aggregateProjectIds: [owners.projectId] });
  });
  return tally;
}

/** Runs `work` in a transaction; a failure rolls it back and becomes WRITE_FAILED naming `what`. */
async function inTransaction(
  db: Kysely<Database>,
  what: string,
  work: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  try {
    await db.transaction().execute(work);
  } catch (cause) {
    throw new ImportError(
      "WRITE_FAILED",
      `writing ${what} failed and was rolled back (earlier transactions stay; re-running the import is safe): ${String(cause)}`,
      { cause },
    );
  }
}
