/**
 * The "Import" section of BENCHMARKS.md: written by `node bench/import.mjs --write` (the import
 * runs in its own processes, outside `npm run bench`'s areas) and carried over unchanged when
 * `npm run bench` rewrites the rest of the file (`_report.mjs`).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";

export const IMPORT_HEADING = "## Import (CSV)";

/** The section as it stands in `path`, from its heading to the next `## ` heading, or null. */
export function readImportSection(path) {
  if (!existsSync(path)) return null;
  const text = readFileSync(path, "utf8");
  const start = text.indexOf(`\n${IMPORT_HEADING}\n`);
  if (start === -1) return null;
  const next = text.indexOf("\n## ", start + 1);
  return text.slice(start + 1, next === -1 ? undefined : next).trimEnd();
}

/** Puts `section` in place of the file's Import section, or before "## Test suite", or at the end. */
export function placeImportSection(text, section) {
  const start = text.indexOf(`\n${IMPORT_HEADING}\n`);
  if (start !== -1) {
    const next = text.indexOf("\n## ", start + 1);
    return `${text.slice(0, start + 1)}${section}\n${next === -1 ? "" : text.slice(next)}`;
  }
  const suite = text.indexOf("\n## Test suite");
  if (suite !== -1) return `${text.slice(0, suite + 1)}${section}\n\n${text.slice(suite + 1)}`;
  return `${text.trimEnd()}\n\n${section}\n`;
}

/** Rewrites the Import section of `path` with `tableLines`, the command and the machine. */
export function writeImportSection(path, argv, tableLines) {
  const cpus = os.cpus();
  const load = os.loadavg().map((l) => l.toFixed(2));
  let commit = "unknown";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {}
  const when = new Date().toISOString().slice(0, 16).replace("T", " ");
  const section = [
    IMPORT_HEADING,
    "",
    `Measured ${when} UTC by \`node bench/import.mjs${argv.length ? ` ${argv.join(" ")}` : ""}\` at commit ${commit}, in its own run (not by \`npm run bench\`, which keeps this section as it is); machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}, 1-minute load average ${load[0]} when it ended.`,
    "",
    'A tracker-like CSV (one row per answer, ~1 KB of answer text, 1–4 cited URLs, the tracker\'s own column names read through `--map`) imported by `vreport import` in a new process, then imported again (nothing changes). "time" is the whole command\'s; "startup" is the same command on a header-only file into the same (already created) database — starting Node, opening and closing the embedded database — and "rows/s after startup" divides the rows by the time beyond it. See docs/import.md, "How it runs, and memory".',
    "",
    ...tableLines,
  ].join("\n");
  const text = existsSync(path) ? readFileSync(path, "utf8") : "# Benchmarks\n";
  writeFileSync(path, placeImportSection(text, section));
}
