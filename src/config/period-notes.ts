import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { readInput } from "./_read-input.js";
import { type Notes, NotesError, parseNotes } from "./notes-file.js";

/**
 * Notes belong to a period (docs/notes.md, "Notes belong to a period"): a notes path may hold
 * `{project}` (the report's file-name slug) and `{period}` (the period part of its file name:
 * `2026-10`, `90d-2026-11-01`), or be a fixed file whose first line names its period
 * (`<!-- period: 2026-10 -->`). A report reads only the notes of its own period, so last month's
 * words never go out with this month's numbers.
 */

/** The first line that names a notes file's period. */
const PERIOD_LINE = /^[ \t]*<!--[ \t]*period:[ \t]*(\S+)[ \t]*-->[ \t]*$/;

/** The line a notes file names its period with, as `notes init` writes it. */
export function periodLine(period: string): string {
  return `<!-- period: ${period} -->`;
}

/** A notes file read: the period its first line names (if any), and its notes. */
export interface NotesFile {
  file: string;
  period?: string;
  notes: Notes;
}

/** Parses a notes file whose first line may name its period; that line is not part of any note. */
export function parseNotesFile(text: string, file: string): NotesFile {
  const source = text.replace(/^\uFEFF/, "");
  const [first = "", ...rest] = source.split(/\r\n?|\n/);
  const period = PERIOD_LINE.exec(first)?.[1];
  // The period line becomes a blank line, so every error still names the file's own line numbers.
  const notes = parseNotes(period === undefined ? source : ["", ...rest].join("\n"), file);
  return { file, ...(period !== undefined ? { period } : {}), notes };
}

/** Reads and checks a notes file; a file that cannot be read is an error naming it. */
export async function loadNotesFile(path: string): Promise<NotesFile> {
  const file = resolve(path);
  const read = await readInput(file);
  if ("why" in read)
    throw new NotesError("UNREADABLE", file, `cannot read notes file ${file}: ${read.why}`, {
      cause: read.cause,
    });
  return parseNotesFile(read.text, file);
}

/** Where a report's notes come from: a path (maybe with placeholders), and whether a flag named it. */
export interface NotesSource {
  /** Absolute; `{project}` and `{period}` are filled in for each report. */
  path: string;
  /** `--notes`: named for this one run, so a file that names no period is read as it is. */
  explicit: boolean;
}

/** True when a notes path is a pattern: each report reads its own file. */
export function isNotesPattern(path: string): boolean {
  return path.includes("{period}") || path.includes("{project}");
}

/** The path of one report's notes: the placeholders filled with its project slug and period. */
export function notesPathFor(path: string, report: NotesFor): string {
  return path.replaceAll("{project}", report.project).replaceAll("{period}", report.period);
}

/** The report notes are looked up for: its file-name slug and period tag. */
export interface NotesFor {
  project: string;
  period: string;
}

/** The notes a report prints, and a line to warn with when a file was found but is not for it. */
export interface ReportNotes {
  notes?: Notes;
  /** The file read, when there was one for this report. */
  file?: string;
  warning?: string;
}

/**
 * The notes written for one report's period. A pattern's file that does not exist means no notes
 * were written yet (not an error). A file naming another period is never printed (a warning says
 * so; for `--notes`, named for this run, it is an error); a fixed file from the config that names
 * no period is not printed either, since nothing says which month it was written for.
 */
export async function notesForReport(source: NotesSource, report: NotesFor): Promise<ReportNotes> {
  const pattern = source.path.includes("{period}");
  const path = notesPathFor(source.path, report);
  if (pattern && !existsSync(path)) return {};
  const read = await loadNotesFile(path);
  if (read.period === report.period || (read.period === undefined && (pattern || source.explicit)))
    return { notes: read.notes, file: read.file };
  if (read.period !== undefined && source.explicit)
    throw new NotesError(
      "OTHER_PERIOD",
      read.file,
      `notes file ${read.file} is for ${read.period}, not for this report's period ${report.period}: draft this period's with vreport notes init`,
    );
  return {
    file: read.file,
    warning:
      read.period === undefined
        ? `notes file ${read.file} names no period: not printed (its first line names it: ${periodLine(report.period)})`
        : `notes file ${read.file} is for ${read.period}, not for this report's period ${report.period}: not printed`,
  };
}
