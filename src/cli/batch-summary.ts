import { humanBytes, humanMs } from "../format/human.js";
import type { BatchResult } from "../jobs/batch.js";
import { type Io, inline } from "./io.js";

const HEADERS = ["project", "formats", "files", "sizes", "time", "error"] as const;

/** The terminal's width, else 80 columns (a log, a pipe): the table never runs wider. */
export const DEFAULT_WIDTH = Math.max(40, process.stdout.columns || 80);

/** The summary rows as text cells, one per project, in the batch's order. */
export function summaryRows(results: readonly BatchResult[], cwd: string = process.cwd()): string[][] {
  return results.map((r) => [
    inline(r.project.name),
    r.files.map((f) => f.format).join(",") || "-",
    filesCell(r.files.map((f) => relativeTo(cwd, f.path))),
    r.files.map((f) => humanBytes(f.bytes)).join(" ") || "-",
    humanMs(r.ms),
    r.error ? r.error.message.replace(/\s+/g, " ") : "",
  ]);
}

/**
 * The files of one project: a run's files share a directory and a name and differ only in their
 * extension, so they read `output/acme-ai-visibility-30d-2026-11-01.{pdf,xlsx,md,html}`.
 */
function filesCell(paths: readonly string[]): string {
  if (paths.length === 0) return "-";
  const parts = paths.map((p) => /^(.*)\.([^./]+)$/.exec(p));
  const stem = parts[0]?.[1];
  if (paths.length > 1 && parts.every((m) => m !== null && m[1] === stem))
    return `${stem}.{${parts.map((m) => m?.[2]).join(",")}}`;
  return paths.join(" ");
}

/** `text` cut to `width` characters in the middle ("output/acme-ai…2026-11-01.pdf"): both ends stay readable. */
export function shortenMiddle(text: string, width: number): string {
  if (text.length <= width) return text;
  if (width <= 1) return "…".slice(0, width);
  const head = Math.ceil((width - 1) / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (width - 1 - head))}`;
}

/**
 * A files cell cut to `width` in its folder only: the file name (`acme-ai-visibility-….{pdf,md}`)
 * stays whole, so two projects' files never read the same (docs/jobs.md).
 */
export function shortenPath(text: string, width: number): string {
  if (text.length <= width) return text;
  const slash = text.lastIndexOf("/");
  if (slash === -1) return text;
  const name = text.slice(slash);
  return `${shortenMiddle(text.slice(0, slash), Math.max(1, width - name.length))}${name}`;
}

/** The narrowest a files cell gets: its file name whole, after "…" for the folder. */
function nameWidth(cell: string): number {
  const slash = cell.lastIndexOf("/");
  return slash === -1 ? cell.length : cell.length - slash + 1;
}

/** Narrowest the project, files and error columns get when the table must fit a narrow terminal. */
const MIN_PROJECT = 12;
const MIN_FILES = 16;
const MIN_ERROR = 12;
const GAP = 2;
const [PROJECT, FORMATS, FILES, SIZES] = [0, 1, 2, 3];

/**
 * Which columns to print and how wide, to fit `width` characters: the formats column goes first
 * (the files cell names the formats too), then the sizes (the total follows the table); then the
 * error and files columns give up room in rounds, each down to a minimum (for the files, their
 * whole file names: the table is then wider than `width` rather than ambiguous), then the
 * project's, where that makes the table fit. The full
 * error messages are printed as the projects finish, above the table.
 */
function fitColumns(
  natural: readonly number[],
  width: number,
  minFiles: number,
): { widths: number[]; shown: boolean[] } {
  const widths = [...natural];
  const shown = natural.map(() => true);
  const ERROR = natural.length - 1;
  const total = () => widths.reduce((sum, w, c) => (shown[c] ? sum + w + GAP : sum), -GAP);
  const shrink = (col: number, min: number) => {
    const over = total() - width;
    if (over > 0) widths[col] = Math.max(Math.min(min, natural[col] ?? 0), (widths[col] ?? 0) - over);
  };
  if (total() > width) shown[FORMATS] = false;
  if (total() > width) shown[SIZES] = false;
  // In rounds, so no column is cut to nothing while another keeps all its width.
  shrink(ERROR, 24);
  shrink(FILES, Math.max(40, minFiles));
  shrink(ERROR, MIN_ERROR);
  shrink(FILES, Math.max(24, minFiles));
  shrink(FILES, Math.max(MIN_FILES, minFiles));
  // A project's name is cut only where that makes the table fit: where the file names keep it
  // wider than the terminal anyway, "Acme I…rance" would be lost for nothing.
  const project = widths[PROJECT] ?? 0;
  if (total() - (project - Math.min(MIN_PROJECT, project)) <= width) shrink(PROJECT, MIN_PROJECT);
  return { widths, shown };
}

function relativeTo(cwd: string, path: string): string {
  return path.startsWith(`${cwd}/`) ? path.slice(cwd.length + 1) : path;
}

/**
 * Prints the batch as an aligned table on `io.out`, then the total, one line per answers workbook
 * (`--answers all`), one line per emailed project
 * (so a run with `--email` says where its reports went), and one line naming the failed projects.
 */
export function printBatchSummary(
  results: readonly BatchResult[],
  io: Pick<Io, "out">,
  width: number = DEFAULT_WIDTH,
): void {
  const rows = [HEADERS.map(String), ...summaryRows(results)];
  const natural = HEADERS.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length)));
  const minFiles = Math.max(0, ...rows.slice(1).map((r) => nameWidth(r[FILES] ?? "")));
  const { widths, shown } = fitColumns(natural, width, minFiles);
  const last = HEADERS.length - 1;
  const line = (cells: string[]) =>
    cells
      .filter((_, c) => shown[c])
      .join(" ".repeat(GAP))
      .trimEnd();
  for (const [i, row] of rows.entries()) {
    // The error column is last and unpadded.
    io.out(
      line(
        row.map((cell, c) =>
          c === last
            ? shortenMiddle(cell, widths[c] ?? 0)
            : (c === FILES && i > 0 ? shortenPath : shortenMiddle)(cell, widths[c] ?? 0).padEnd(
                widths[c] ?? 0,
              ),
        ),
      ),
    );
    if (i === 0)
      io.out(line(widths.map((w, c) => "-".repeat(c === last ? Math.max(5, Math.min(w, 40)) : w))));
  }
  const failed = results.filter((r) => r.error);
  const ok = results.length - failed.length;
  const bytes = results.reduce((s, r) => s + r.bytes, 0);
  io.out(
    `${ok} of ${results.length} project${results.length === 1 ? "" : "s"} rendered (${humanBytes(bytes)})`,
  );
  for (const r of results) {
    const a = r.answers;
    if (a)
      io.out(
        `answers of ${inline(r.project.name)}: ${relativeTo(process.cwd(), a.path)} (${a.answers.toLocaleString("en-US")} answer${a.answers === 1 ? "" : "s"}, ${humanBytes(a.bytes)})`,
      );
  }
  for (const r of results.filter((x) => x.emailed.length > 0))
    io.out(
      r.alreadyEmailed
        ? `emailed ${inline(r.project.name)} to ${r.emailed.join(", ")} already: not sent again (docs/jobs.md, "Exactly-once email")`
        : `emailed ${inline(r.project.name)} to ${r.emailed.join(", ")}`,
    );
  // The table cuts long reasons to its width: each failure's whole reason on a line of its own.
  for (const r of failed)
    io.out(`failed: ${inline(r.project.name)}: ${r.error?.message.split("\n")[0] ?? ""}`);
}
