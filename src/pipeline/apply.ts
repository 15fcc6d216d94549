import { randomBytes } from "node:crypto";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Backend } from "../render/backends/backend.js";
import type { OutputFormat } from "../render/backends/registry.js";
import { presentView } from "../render/present.js";
import type { RenderOptions, ReportView } from "../render/types.js";
import { abortable } from "./abortable.js";
import { removeLeftovers } from "./leftovers.js";
import { OutputInTheWayError } from "./output-in-the-way-error.js";

/** A report file written into the output directory. */
export interface WrittenFile<F extends string = OutputFormat> {
  format: F;
  path: string;
  bytes: number;
  /** The files the report references (Markdown charts), in the order the backend listed them. */
  assets: string[];
}

/**
 * Writes a view through `backends` into `outDir`: page formats get the view as the presentation
 * in `options` trims it, the others the complete view. Every file is rendered into a staging folder
 * beside the output (same file system, so a rename is atomic) and moved into place only when all
 * are rendered: a run's files appear together or not at all, and a failed render leaves nothing.
 * Folders (Markdown assets) move before files, so a report never points at a missing chart.
 * Returns the report file of each backend, in the backends' order. When `signal` aborts, the run
 * stops at once with its reason, moves nothing and removes its staging folder. Staging folders
 * and partial files of runs that died (their process is gone) are removed first.
 */
export async function applyReport<F extends string>(
  view: ReportView,
  backends: readonly Backend<F>[],
  outDir: string,
  options: RenderOptions = {},
  signal?: AbortSignal,
): Promise<WrittenFile<F>[]> {
  signal?.throwIfAborted();
  await mkdir(outDir, { recursive: true });
  await removeLeftovers(outDir);
  // Dot-prefixed (hidden), pid + random: concurrent runs into one directory never collide.
  const staging = join(outDir, `.vreport-staging-${process.pid}-${randomBytes(6).toString("hex")}`);
  try {
    const reports: { format: F; name: string; assets: string[] }[] = [];
    // The page formats point to the workbook's sheets only when this run makes the workbook.
    const pages = presentView(
      view,
      options.presentation,
      backends.some((b) => b.format === "xlsx"),
    );
    // The formats render side by side (the PDF in Chromium while the workbook is built here);
    // every render settles before the first failure is reported, so none writes after cleanup.
    const settled = await Promise.allSettled(
      backends.map((backend) =>
        abortable(backend.render(backend.shows === "pages" ? pages : view, options), signal),
      ),
    );
    const outputs = settled.map((r) => {
      if (r.status === "rejected") throw r.reason;
      return r.value;
    });
    for (const [i, backend] of backends.entries()) {
      const files = outputs[i] ?? [];
      for (const file of files) {
        signal?.throwIfAborted();
        const path = join(staging, file.path);
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, file.data);
      }
      const [report, ...assets] = files.map((f) => f.path);
      if (report) reports.push({ format: backend.format, name: report, assets });
    }
    signal?.throwIfAborted();
    const entries = await readdir(staging, { withFileTypes: true });
    // Checked before anything moves: a folder where a file goes (or the reverse) fails the run whole.
    for (const entry of entries) {
      const existing = await stat(join(outDir, entry.name)).catch(() => null);
      if (existing && existing.isDirectory() !== entry.isDirectory())
        throw new OutputInTheWayError(join(outDir, entry.name), existing.isDirectory() ? "folder" : "file");
    }
    // The last point to stop: the moves that follow are renames, over in a moment, all or none.
    signal?.throwIfAborted();
    for (const entry of entries.filter((e) => e.isDirectory()))
      await replaceDirectory(staging, outDir, entry.name);
    for (const entry of entries.filter((e) => !e.isDirectory()))
      await rename(join(staging, entry.name), join(outDir, entry.name));
    return Promise.all(
      reports.map(async ({ format, name, assets }) => {
        const path = join(outDir, name);
        return { format, path, bytes: (await stat(path)).size, assets: assets.map((a) => join(outDir, a)) };
      }),
    );
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Moves a staged folder over its namesake: an old folder (an earlier run's) is renamed away
 * first and removed with the staging folder; anything else in the way is left alone and fails
 * the run before a report file has moved.
 */
async function replaceDirectory(staging: string, outDir: string, name: string): Promise<void> {
  const target = join(outDir, name);
  const existing = await stat(target).catch(() => null);
  if (existing?.isDirectory()) await rename(target, join(staging, `.old-${name}`));
  await rename(join(staging, name), target);
}
