/**
 * The valid rows of a CSV file as the records to write, in file order, each bad row reported with
 * its row number and column (docs/import.md, "Errors"). Both passes of an import read the file
 * through here, so they agree on every row: the validating pass collects the problems, the
 * writing pass skips the same rows.
 */
import type { Platform } from "../../contract/index.js";
import type { IngestRecord } from "../ingest/index.js";
import { AnswerSlots } from "./answer-slots.js";
import { type Column, type ColumnLayout, type ColumnMapping, layoutOf } from "./columns.js";
import { ImportError } from "./errors.js";
import { type ParsedRow, parseRow, type RowContext } from "./parse-row.js";
import { type ReadRowsOptions, readRows } from "./read-rows.js";
import { answerRecord, categoryRecord, promptRecord, type SetupIds } from "./records.js";

/** A valid row: its number, its answer's id and platform, and the records it needs written. */
export interface PreparedRow {
  row: number;
  answerId: string;
  platform: Platform;
  records: IngestRecord[];
}

/** A bad row: its number, the column at fault as the file names it (null: the whole row), and why. */
export interface RowError {
  row: number;
  column: string | null;
  reason: string;
}

/** What reading needs: where, how, in which zone, and the ids of the setup. */
export interface PrepareContext {
  path: string;
  mapping: ColumnMapping;
  timezone: string;
  ids: SetupIds;
  read?: ReadRowsOptions;
}

/** The column as the file names it, with the canonical name when they differ: `Engine (platform)`. */
function columnLabel(layout: ColumnLayout, column: Column | null): string | null {
  if (column === null) return null;
  const name = layout.name[column];
  return name === undefined || name.toLowerCase() === column ? column : `${name} (${column})`;
}

/**
 * Yields the valid rows of the file; calls `report` for each bad one. Throws BAD_HEADER (no header,
 * or a required column missing), CSV_SYNTAX and INPUT_UNREADABLE from the reader.
 */
export async function* prepareRows(
  ctx: PrepareContext,
  report: (error: RowError) => void,
): AsyncGenerator<PreparedRow> {
  const slots = new AnswerSlots(ctx.timezone);
  // Per prompt of the file: its category and the row that set it. Prompts, not rows: bounded by
  // the prompt set, which a tracker keeps to hundreds or thousands.
  const prompts = new Map<string, { category: string | null; row: number }>();
  const categories = new Set<string>();
  let rowContext: RowContext | undefined;

  for await (const { row, cells } of readRows(ctx.path, ctx.read)) {
    if (!rowContext) {
      rowContext = {
        layout: inFile(ctx.path, () => layoutOf(cells, ctx.mapping)),
        timezone: ctx.timezone,
        projectId: ctx.ids.projectId,
        brandNames: ctx.ids.brandNames,
        competitorIds: ctx.ids.competitorIds,
      };
      continue;
    }
    const { layout } = rowContext;
    const outcome = parseRow(cells, rowContext);
    if (!outcome.ok) {
      report({ row, column: columnLabel(layout, outcome.problem.column), reason: outcome.problem.reason });
      continue;
    }
    const parsed = outcome.row;
    const known = prompts.get(parsed.promptId);
    if (known && parsed.category !== null && known.category !== parsed.category) {
      const was = known.category === null ? "uncategorized" : `in category "${known.category}"`;
      report({
        row,
        column: columnLabel(layout, "category"),
        reason: `"${parsed.category}": the same prompt is ${was} on row ${known.row}`,
      });
      continue;
    }
    const slot = slots.take(parsed, row);
    if (!slot.ok) {
      report({
        row,
        column: columnLabel(layout, "answered_at"),
        reason: `same prompt, platform and answered_at as row ${slot.firstRow}`,
      });
      continue;
    }
    const records = newParents(ctx.ids.projectId, parsed, known === undefined, categories);
    if (!known) prompts.set(parsed.promptId, { category: parsed.category, row });
    records.push(answerRecord(parsed, slot));
    yield { row, answerId: slot.id, platform: parsed.platform, records };
  }
  if (!rowContext)
    throw new ImportError("BAD_HEADER", `${ctx.path} is empty: the first row must be the header`);
}

/** `work`, with the file's path before the message of an ImportError it throws. */
function inFile<T>(path: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof ImportError)
      throw new ImportError(error.code, `${path}: ${error.message}`, { cause: error });
    throw error;
  }
}

/** The category and prompt records a row brings when the file has not had them yet. */
function newParents(
  project: string,
  row: ParsedRow,
  newPrompt: boolean,
  categories: Set<string>,
): IngestRecord[] {
  const records: IngestRecord[] = [];
  if (newPrompt && row.category !== null && !categories.has(row.category)) {
    categories.add(row.category);
    records.push(categoryRecord(project, row.category));
  }
  if (newPrompt) records.push(promptRecord(project, row));
  return records;
}
