/**
 * Ingests an NDJSON file: validate each line, resolve its foreign ids, upsert it by id. Records are
 * written in transactions of at most `batchSize` records; inside one, each record has a savepoint
 * so a record the database rejects becomes a line error instead of failing its neighbours.
 */
import { type Kysely, sql } from "kysely";
import { refreshDue } from "../analytics/aggregates/refresh.js";
import { bumpDataVersion } from "../store/data-version.js";
import type { Database } from "../store/schema.js";
import { IngestError } from "./errors.js";
import { parseLine } from "./parse-line.js";
import { DEFAULT_MAX_LINE_BYTES, readLines } from "./read-lines.js";
import type { IngestRecord } from "./records.js";
import { checkReferences, registerRecord } from "./references.js";
import { Resolver } from "./resolver.js";
import type { ProjectFacts } from "./writers/_context.js";
import { writeRecord } from "./writers/write-record.js";

/** Options of `ingestFile`. */
export interface IngestOptions {
  /** Validate the whole input (schemas and foreign ids) first; write nothing if any line is bad. */
  strict?: boolean;
  /** Records per transaction (default 500). */
  batchSize?: number;
  /**
   * Rebuild the analytics pre-aggregates of the input's projects that are due (default true): whose
   * visibility data changed, or an earlier run changed and stopped before its refresh.
   */
  refreshAggregates?: boolean;
  /** Longest line accepted, in bytes (default 1 MB): a longer one is refused by number, unread. */
  maxLineBytes?: number;
}

/** A rejected line: its 1-based number and why, e.g. `answer.platform: Invalid option…`. */
export interface LineError {
  line: number;
  reason: string;
}

/** What a run did. `lines` counts non-blank lines; `written` + `unchanged` + errors = lines. */
export interface IngestResult {
  lines: number;
  written: number;
  unchanged: number;
  errors: LineError[];
  /**
   * Records whose type and id an earlier line of the same input already had: the later one wins
   * (an upsert), and each is reported; in strict mode they are errors instead.
   */
  duplicates: LineError[];
  /** Events queued in the outbox (status changes). */
  events: number;
  /** Projects whose visibility data (project, competitors, prompts, answers) changed. */
  changedProjects: string[];
}

/** Record types the analytics pre-aggregates are computed from. */
const VISIBILITY_TYPES: ReadonlySet<string> = new Set([
  "project",
  "competitor",
  "category",
  "prompt",
  "answer",
]);

interface Numbered {
  line: number;
  record: IngestRecord;
}

/** Ingests `input` (a file path or a stream of NDJSON) into the store. */
export async function ingestFile(
  store: { db: Kysely<Database> },
  input: string | NodeJS.ReadableStream,
  options: IngestOptions = {},
): Promise<IngestResult> {
  const batchSize = Math.max(1, options.batchSize ?? 500);
  const result: IngestResult = {
    lines: 0,
    written: 0,
    unchanged: 0,
    errors: [],
    duplicates: [],
    events: 0,
    changedProjects: [],
  };
  const changedProjects = new Set<string>();
  const writer = new BatchWriter(store.db, result, changedProjects);

  if (options.strict) {
    // Pass 1 keeps the valid records in memory: stdin cannot be read twice.
    const records = await validateAll(store.db, input, result, options);
    if (result.errors.length === 0) {
      for (let i = 0; i < records.length; i += batchSize) await writer.write(records.slice(i, i + batchSize));
    }
  } else {
    let batch: Numbered[] = [];
    for await (const numbered of parsedRecords(input, result, options)) {
      batch.push(numbered);
      if (batch.length >= batchSize) {
        await writer.write(batch);
        batch = [];
      }
    }
    await writer.write(batch);
  }
  result.errors.sort((a, b) => a.line - b.line);
  result.changedProjects = [...changedProjects];
  if (options.refreshAggregates !== false) {
    try {
      await refreshDue(store.db, [...writer.visibilityProjects]);
    } catch (cause) {
      throw new IngestError(
        "REFRESH_FAILED",
        `records written, but refreshing the analytics of their projects failed: ${String(cause)}`,
        { cause },
      );
    }
  }
  return result;
}

/** Strict pass 1: parses every line and resolves its references against the database and earlier lines. */
async function validateAll(
  db: Kysely<Database>,
  input: string | NodeJS.ReadableStream,
  result: IngestResult,
  options: IngestOptions,
): Promise<Numbered[]> {
  const resolver = new Resolver();
  const records: Numbered[] = [];
  for await (const { line, record } of parsedRecords(input, result, options)) {
    const checked = await checkReferences(db, resolver, record);
    if (!checked.ok) {
      result.errors.push({ line, reason: checked.reason });
      continue;
    }
    registerRecord(resolver, record, checked.resolved);
    resolver.commit();
    records.push({ line, record });
  }
  return records;
}

/**
 * The valid records of `input` with their line numbers, in order. Both modes read lines through
 * here, so they count lines and report errors alike: blank lines are skipped, every other line
 * counts; a line over the limit or failing its schema becomes an error in `result`, and a repeated
 * (type, id) a duplicate (an error in strict mode).
 */
async function* parsedRecords(
  input: string | NodeJS.ReadableStream,
  result: IngestResult,
  options: IngestOptions,
): AsyncGenerator<Numbered> {
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  // The first line of each (type, id): a later one is reported as a duplicate. Ids only, so a
  // file of millions of records costs tens of bytes a record here, not the records.
  const firstLine = new Map<string, number>();
  for await (const { line, text, bytes } of readLines(input, maxLineBytes)) {
    if (text === null) {
      result.lines++;
      result.errors.push({
        line,
        reason: `line of ${bytes.toLocaleString("en-US")} bytes is over the ${maxLineBytes.toLocaleString("en-US")}-byte limit (raise it with --max-line-mb)`,
      });
      continue;
    }
    if (text.trim() === "") continue;
    result.lines++;
    const parsed = parseLine(text);
    if (!parsed.ok) {
      result.errors.push({ line, reason: parsed.reason });
      continue;
    }
    const { type, data } = parsed.record;
    const key = `${type}:${data.id}`;
    const first = firstLine.get(key);
    if (first === undefined) firstLine.set(key, line);
    else {
      const reason = `duplicate ${type} ${data.id}: line ${first} has it too${options.strict ? "" : "; the later line wins"}`;
      if (options.strict) {
        result.errors.push({ line, reason });
        continue;
      }
      result.duplicates.push({ line, reason });
    }
    yield { line, record: parsed.record };
  }
}

/** Writes batches, one transaction each, keeping ids and project facts across batches. */
class BatchWriter {
  private readonly resolver = new Resolver();
  private readonly projects = new Map<string, ProjectFacts>();
  /** Projects the input's visibility records belong to, changed or not: their refresh may be due. */
  readonly visibilityProjects = new Set<string>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly result: IngestResult,
    private readonly changedProjects: Set<string>,
  ) {}

  async write(batch: readonly Numbered[]): Promise<void> {
    if (batch.length === 0) return;
    const local = {
      written: 0,
      unchanged: 0,
      events: 0,
      errors: [] as LineError[],
      projects: new Set<string>(),
      touched: { projectIds: new Set<string>(), workspaceIds: new Set<string>() },
    };
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const { line, record } of batch) await this.writeOne(trx, line, record, local);
        // In the records' transaction: the API's cache sees the new data and the new version
        // together, and the analytics are marked due with their rows (docs/decisions.md, "Crash
        // consistency").
        await bumpDataVersion(trx, { ...local.touched, aggregateProjectIds: local.projects });
      });
    } catch (cause) {
      this.resolver.rollback();
      this.projects.clear();
      const first = batch[0]?.line ?? 0;
      throw new IngestError(
        "WRITE_FAILED",
        `the transaction of lines ${first}–${batch.at(-1)?.line ?? first} failed and was rolled back: ${String(cause)}`,
        { cause },
      );
    }
    this.resolver.commit();
    this.result.written += local.written;
    this.result.unchanged += local.unchanged;
    this.result.events += local.events;
    this.result.errors.push(...local.errors);
    for (const id of local.projects) this.changedProjects.add(id);
  }

  private async writeOne(
    trx: Kysely<Database>,
    line: number,
    record: IngestRecord,
    local: {
      written: number;
      unchanged: number;
      events: number;
      errors: LineError[];
      projects: Set<string>;
      touched: { projectIds: Set<string>; workspaceIds: Set<string> };
    },
  ): Promise<void> {
    const checked = await checkReferences(trx, this.resolver, record);
    if (!checked.ok) {
      local.errors.push({ line, reason: checked.reason });
      return;
    }
    await sql`SAVEPOINT ingest_record`.execute(trx);
    try {
      const outcome = await writeRecord({ trx, resolved: checked.resolved, projects: this.projects }, record);
      await sql`RELEASE SAVEPOINT ingest_record`.execute(trx);
      registerRecord(this.resolver, record, checked.resolved);
      if (outcome.changed) local.written++;
      else local.unchanged++;
      local.events += outcome.events;
      const visibilityProject = VISIBILITY_TYPES.has(record.type) ? checked.resolved.projectId : undefined;
      if (visibilityProject) this.visibilityProjects.add(visibilityProject);
      if (outcome.changed && visibilityProject) local.projects.add(visibilityProject);
      if (outcome.changed) touch(local.touched, record, checked.resolved);
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT ingest_record`.execute(trx);
      // Facts read inside the rolled-back savepoint may describe rows that no longer exist.
      this.projects.clear();
      local.errors.push({ line, reason: `${record.type}: rejected: ${(error as Error).message}` });
    }
  }
}

/** Records which projects' data a changed record belongs to (every record type: content too is served). */
function touch(
  touched: { projectIds: Set<string>; workspaceIds: Set<string> },
  record: IngestRecord,
  resolved: { projectId?: string },
): void {
  if (record.type === "workspace") touched.workspaceIds.add(record.data.id);
  else if (record.type === "project") touched.projectIds.add(record.data.id);
  else if (resolved.projectId) touched.projectIds.add(resolved.projectId);
}
