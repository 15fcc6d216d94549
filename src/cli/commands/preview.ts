import type { Command } from "commander";
import { type Preview, type RebuildEvent, startPreview } from "../../preview/server.js";
import { CliError, EXIT } from "../errors.js";
import { examples } from "../examples.js";
import { type Io, inline, processIo } from "../io.js";
import { projectOption, withServiceOptions } from "../options.js";
import { type PeriodFlags, withPeriodFlags } from "../period-flags.js";
import { fetchProjectData } from "../report-service.js";
import { waitForStop } from "./deliver.js";
import { type GenerateFlags, parseGenerateFlags } from "./generate-options.js";
import { parsePort } from "./serve.js";

/** Flags of `vreport preview`: generate's report flags, and the port. */
export interface PreviewFlags
  extends Pick<
    GenerateFlags,
    | keyof PeriodFlags
    | "project"
    | "baseUrl"
    | "apiKey"
    | "apiKeyFile"
    | "config"
    | "profile"
    | "notes"
    | "changes"
    | "draft"
    | "asOf"
    | "database"
  > {
  port?: string;
}

/** The command's line for a rebuild: how long it took, or the error (which names the file and line). */
function rebuildLine(e: RebuildEvent): string {
  const cause = e.changed !== undefined ? ` after a change to ${e.changed.join(", ")}` : "";
  return e.ok
    ? `vreport: preview rebuilt in ${Math.round(e.ms)} ms${cause}`
    : `vreport: preview shows an error${cause}: ${e.message ?? ""}`;
}

/**
 * `vreport preview`: fetches the report's data once, then serves the report as HTML on 127.0.0.1
 * and rebuilds it when the config, notes, change log, templates or stylesheets change
 * (docs/preview.md). Returns the running preview; the caller closes it.
 */
export async function previewCommand(flags: PreviewFlags, io: Io = processIo): Promise<Preview> {
  const { port, ...report } = flags;
  // The same period, service, project and file flags as generate, checked the same way.
  const opts = parseGenerateFlags({ ...report, format: "html" });
  const listen = port === undefined ? undefined : parsePort(port);
  // Fetched once: every rebuild works from this data, so the service is closed before serving.
  const data = await fetchProjectData(opts, io);
  const preview = await startPreview({
    source: {
      data,
      ...(opts.configPath !== undefined ? { configPath: opts.configPath } : {}),
      ...(opts.profile !== undefined ? { profile: opts.profile } : {}),
      ...(opts.notesPath !== undefined ? { notesPath: opts.notesPath } : {}),
      ...(opts.changesPath !== undefined ? { changesPath: opts.changesPath } : {}),
      draft: opts.draft,
    },
    ...(listen !== undefined ? { port: listen } : {}),
    onRebuild: (e) => {
      (e.ok ? io.out : io.err)(rebuildLine(e));
      for (const line of e.warnings) io.err(line);
    },
  }).catch((err: unknown) => {
    if ((err as NodeJS.ErrnoException).code === "EADDRINUSE")
      throw new CliError(`port ${listen ?? "4173"} is already in use (pass --port)`, EXIT.failure, {
        cause: err,
      });
    throw err;
  });
  io.out(
    `vreport: previewing ${inline(data.project.name)} at ${preview.url}; edit the config, notes, change log or templates and the page reloads; Ctrl-C to stop`,
  );
  return preview;
}

/** Wires `vreport preview`: runs until SIGINT/SIGTERM. */
export function register(program: Command): void {
  withServiceOptions(
    withPeriodFlags(
      program
        .command("preview")
        .description(
          "Serve the report as HTML on localhost, reloading it as the config, notes, change log or templates change",
        ),
    ),
  )
    .addOption(projectOption())
    .option("--port <port>", "port on 127.0.0.1", "4173")
    .option("--config <file>", "branding config, watched (default: ./vreport.config.json when present)")
    .option("--profile <profile>", "what the page shows: client (the top rows) or full (every row)")
    .option("--notes <file>", "the agency's notes, watched (default: the config file's notes)")
    .option("--changes <file>", "the agency's change log, watched (default: the config file's changes)")
    .option("--draft", "preview the review copy")
    .addHelpText(
      "after",
      examples(
        "vreport preview --range 30d --notes notes.md",
        "vreport preview --month 2026-10 --project Acme --config vreport.config.json --port 8080",
        "vreport preview --base-url https://reports.example.com --api-key-file key.txt --project Acme",
      ),
    )
    .action(async (flags: PreviewFlags) => {
      const preview = await previewCommand(flags);
      await waitForStop();
      await preview.close();
    });
}
