import type { GenerateOptions } from "../cli/commands/generate-options.js";
import { CliError, EXIT } from "../cli/errors.js";
import type { Io } from "../cli/io.js";
import type { EmailOptions } from "../email/email-options.js";
import { loadBranding } from "../report/config.js";
import { selectProjects } from "../report/generate.js";
import { printableLocation, resolveDatabaseLocation } from "../service/store/db.js";
import { toCliError as setupError } from "./_cli-errors.js";
import { type BatchResult, runBatch } from "./batch.js";
import { printBatchSummary } from "./batch-summary.js";
import { createBatchProgress } from "./progress.js";
import { connectService } from "./report-service.js";

/** What `generate` adds to its options for a batch. */
export interface BatchExtras {
  /** Reports at once (default 2). */
  concurrency?: number;
  email?: EmailOptions;
  /** Where the TTY progress bar is drawn (tests); default stderr. */
  write?: (s: string) => void;
}

/**
 * `generate --all-projects` (or any selection): renders every selected project through
 * `runBatch` with a progress display, prints the summary table, and throws a CliError (exit 1)
 * naming the failed projects if any failed. Returns the per-project results.
 */
export async function generateAll(
  opts: GenerateOptions,
  io: Io,
  extras: BatchExtras = {},
): Promise<BatchResult[]> {
  // The config first: a typo in it must not wait for the embedded service to start (or seed).
  const { branding, timezone } = await loadBranding(opts.configPath).catch((err: unknown) => {
    throw setupError(err);
  });
  const pdf = opts.formats.includes("pdf") ? await import("../render/backends/pdf.js") : undefined;
  // Chromium starts while the database opens and the data is fetched, not after.
  pdf?.warmUpBrowser();
  if (opts.baseUrl === undefined) {
    io.err(
      `vreport: no --base-url given: serving the demo workspace from ${printableLocation(resolveDatabaseLocation(opts.database))} on loopback`,
    );
  }
  const service = await connectService({ ...opts, onSeed: seedNotice(io) }).catch(async (err: unknown) => {
    await pdf?.closeBrowser();
    throw setupError(err);
  });
  let results: BatchResult[] = [];
  try {
    const { projects } = await service.client.listProjects().catch((err: unknown) => {
      throw setupError(err);
    });
    const selected = selectProjects(projects, opts);
    if (selected.length === 0) {
      throw CliError.badFlag(
        "--project",
        opts.project ?? "",
        projects.map((p) => `${p.name} (${p.id})`).join(", ") || "none: the key reads no project",
      );
    }
    const progress = createBatchProgress(io, extras.write);
    try {
      results = await runBatch(
        service.client,
        selected,
        {
          range: opts.range,
          formats: opts.formats,
          outDir: opts.outDir,
          branding,
          render: { pageSize: opts.pageSize, landscape: opts.landscape },
          ...(timezone !== undefined ? { timezone } : {}),
        },
        {
          onProgress: (e) => progress.onProgress(e),
          ...(extras.concurrency !== undefined ? { concurrency: extras.concurrency } : {}),
          ...(extras.email !== undefined ? { email: extras.email } : {}),
        },
      );
    } finally {
      progress.finish();
    }
  } finally {
    // Side by side: Chromium's shutdown takes a moment that the database's need not wait for.
    await Promise.all([pdf?.closeBrowser(), service.close()]);
  }
  printBatchSummary(results, io);
  const failed = results.filter((r) => r.error);
  // One project: its own failure decides the exit code (auth 3, unreachable 4), as with any command.
  const only = results.length === 1 ? failed[0]?.error : undefined;
  if (only) throw setupError(only);
  if (failed.length > 0) {
    throw new CliError(
      `${failed.length} of ${results.length} projects failed: ${failed.map((r) => `${r.project.name} (${r.project.id})`).join(", ")}`,
      EXIT.failure,
    );
  }
  return results;
}

/** The line printed before the embedded demo is seeded: the first run is quiet for tens of seconds otherwise. */
export function seedNotice(io: Pick<Io, "err">): (info: { database: string; asOf: string }) => void {
  return ({ database, asOf }) =>
    io.err(
      `vreport: seeding the demo workspace as of ${asOf} into ${printableLocation(database)} (about 12 s, longer on a busy machine)…`,
    );
}
