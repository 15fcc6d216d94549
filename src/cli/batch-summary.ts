import { humanBytes, humanMs } from "../format/human.js";
import type { BatchResult } from "../jobs/batch.js";
import type { Io } from "./io.js";

const HEADERS = ["project", "formats", "files", "sizes", "time", "error"] as const;

/** The summary rows as text cells, one per project, in the batch's order. */
export function summaryRows(results: readonly BatchResult[], cwd: string = process.cwd()): string[][] {
  return results.map((r) => [
    r.project.name,
    r.files.map((f) => f.format).join(",") || "-",
    r.files.map((f) => relativeTo(cwd, f.path)).join(" ") || "-",
    r.files.map((f) => humanBytes(f.bytes)).join(" ") || "-",
    humanMs(r.ms),
    r.error ? r.error.message.replace(/\s+/g, " ") : "",
  ]);
}

function relativeTo(cwd: string, path: string): string {
  return path.startsWith(`${cwd}/`) ? path.slice(cwd.length + 1) : path;
}

/**
 * Prints the batch as an aligned table on `io.out`, then the total, one line per emailed project
 * (so a run with `--email` says where its reports went), and one line naming the failed projects.
 */
export function printBatchSummary(results: readonly BatchResult[], io: Pick<Io, "out">): void {
  const rows = [HEADERS.map(String), ...summaryRows(results)];
  const widths = HEADERS.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length)));
  for (const [i, row] of rows.entries()) {
    // The error column is last and unpadded, so long messages do not widen the table.
    io.out(
      row
        .map((cell, c) => (c === row.length - 1 ? cell : cell.padEnd(widths[c] ?? 0)))
        .join("  ")
        .trimEnd(),
    );
    if (i === 0)
      io.out(
        widths
          .map((w, c) => "-".repeat(c === widths.length - 1 ? Math.max(5, Math.min(w, 40)) : w))
          .join("  "),
      );
  }
  const failed = results.filter((r) => r.error);
  const ok = results.length - failed.length;
  const bytes = results.reduce((s, r) => s + r.bytes, 0);
  io.out(
    `${ok} of ${results.length} project${results.length === 1 ? "" : "s"} rendered (${humanBytes(bytes)})`,
  );
  for (const r of results.filter((x) => x.emailed.length > 0))
    io.out(`emailed ${r.project.name} to ${r.emailed.join(", ")}`);
  if (failed.length > 0) io.out(`failed: ${failed.map((r) => r.project.name).join(", ")}`);
}
