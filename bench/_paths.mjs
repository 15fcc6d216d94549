/** Where the bench reads the compiled project from and writes its scratch files. */
import { mkdirSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const BENCH = dirname(fileURLToPath(import.meta.url));
export const ROOT = dirname(BENCH);
export const DIST = join(ROOT, "dist");
/**
 * Scratch output (gitignored): seeded databases, reports, page images, per-area records. Records
 * are `.jsonl`, no `.json`/`.html` file is written here and run.mjs deletes the rendered `.md`
 * reports at the end, so Biome (which lints bench/**) finds nothing to check in it.
 */
export const RESULTS = join(BENCH, "results");
mkdirSync(RESULTS, { recursive: true });

/**
 * `value` with every path under the repository written relative to it, so a committed record
 * names no directory of the machine that ran it and reads the same from any checkout.
 */
export function repoRelative(value) {
  if (typeof value === "string")
    return value === ROOT ? "." : value.startsWith(`${ROOT}${sep}`) ? relative(ROOT, value) : value;
  if (Array.isArray(value)) return value.map(repoRelative);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, repoRelative(v)]));
  return value;
}
