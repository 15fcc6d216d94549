import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { link, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { Command } from "commander";
import { loadConfig } from "../../config/load-config.js";
import { notesPathFor } from "../../config/period-notes.js";
import { inline } from "../../format/terminal-text.js";
import { type PlannedNotes, planNotes } from "../../pipeline/notes-draft.js";
import { CliError, EXIT } from "../errors.js";
import { examples } from "../examples.js";
import { type Io, processIo } from "../io.js";
import { projectOption, withServiceOptions } from "../options.js";
import { type PeriodFlags, withPeriodFlags } from "../period-flags.js";
import { connectReporting, periodAt, projectsOf } from "../report-service.js";
import { toCliError as setupError } from "../to-cli-error.js";
import { type GenerateFlags, parseGenerateFlags } from "./generate-options.js";

/** The flags `notes init` shares with generate: the report's period, service and project. */
type ReportFlags = Pick<
  GenerateFlags,
  keyof PeriodFlags | "project" | "baseUrl" | "apiKey" | "apiKeyFile" | "config" | "asOf" | "database"
>;

/** Flags of `vreport notes init`: the report's, and where to write. */
export interface NotesInitFlags extends ReportFlags {
  out?: string;
  force?: boolean;
}

/** Refuses to replace the analyst's work: an existing file stays unless `--force`. */
function exists(path: string): CliError {
  return new CliError(`${path} exists already: edit it, or pass --force to replace it`, EXIT.usage);
}

/**
 * Writes `text` to `path` whole or not at all: staged beside it, then linked into place (which
 * fails if a file appeared there meanwhile) or, with `force`, renamed over it.
 */
async function writeNew(path: string, text: string, force: boolean): Promise<void> {
  const staged = join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(6).toString("hex")}`);
  await writeFile(staged, text, { flag: "wx" });
  try {
    if (force) await rename(staged, path);
    else
      await link(staged, path).catch((err: NodeJS.ErrnoException) => {
        throw err.code === "EEXIST" ? exists(path) : err;
      });
  } finally {
    await rm(staged, { force: true });
  }
}

/**
 * Where a draft goes without `--out`: the file the client's report of that period reads when the
 * config names its notes with `{period}` (docs/notes.md), else `notes-<period>.md` here.
 */
function defaultPath(configured: string | undefined, draft: PlannedNotes): string {
  return configured?.includes("{period}")
    ? notesPathFor(configured, { project: draft.projectSlug, period: draft.periodTag })
    : `notes-${draft.periodTag}.md`;
}

/**
 * `vreport notes init`: drafts the notes file of a report (docs/notes.md): one paragraph per
 * section from the report's own observations, for the analyst to edit before `generate --notes`.
 * Returns the path written.
 */
export async function notesInitCommand(flags: NotesInitFlags, io: Io = processIo): Promise<string> {
  const { out, force, ...report } = flags;
  // The same period, service and project flags as generate, checked the same way.
  const opts = parseGenerateFlags({ ...report, format: "md" });
  if (out !== undefined && !force && existsSync(out)) throw exists(out);
  const config = await loadConfig(opts.configPath).catch((err: unknown) => {
    throw setupError(err);
  });
  const service = await connectReporting(opts, io);
  try {
    const [project] = await projectsOf(service, { ...opts, allProjects: false });
    const period = await periodAt(service, opts.period);
    // The client's own settings: its language writes the draft, its timezone dates it.
    const { branding, timezone } = config.forProject(project!);
    const draft = await planNotes(service.client, {
      project: project!,
      period,
      branding,
      ...(timezone !== undefined ? { timezone } : {}),
    }).catch((err: unknown) => {
      throw setupError(err);
    });
    const path = out ?? defaultPath(config.forProject(project!).notesPath, draft);
    if (!force && existsSync(path)) throw exists(path);
    await mkdir(dirname(path), { recursive: true });
    await writeNew(path, draft.markdown, force ?? false);
    // Named: without --project the first project's report was drafted, which the path may not say.
    const whose = `${inline(project!.name)}'s ${draft.periodTag}`;
    io.out(
      draft.sections.length > 0
        ? `wrote ${path} (${whose}): notes on ${draft.sections.join(", ")}; edit them, then generate with --notes ${path} --draft`
        : `wrote ${path} (${whose}): the report has no observation to start from; add a ## <section key> note per section`,
    );
    return path;
  } finally {
    await service.close();
  }
}

/** Wires `vreport notes init`. */
export function register(program: Command): void {
  const notes = program
    .command("notes")
    .description("The agency's notes on a report (docs/notes.md)")
    .addHelpText("after", examples("vreport notes init --month 2026-10 --project Acme"));
  withServiceOptions(
    withPeriodFlags(
      notes
        .command("init")
        .description("Draft a notes file from the report's observations, one paragraph per section, to edit"),
    ),
  )
    .addOption(projectOption())
    .option(
      "--out <file>",
      "where to write (default: the config's notes path for this client and period, else notes-<period>.md, e.g. notes-2026-10.md)",
    )
    .option("--force", "replace the file if it exists")
    .option(
      "--config <file>",
      "config file (default: ./vreport.config.json when present): the client's language and timezone",
    )
    .addHelpText(
      "after",
      examples(
        "vreport notes init --month 2026-10 --project Acme",
        "vreport notes init --period last-month --out notes/acme.md --force",
        "vreport notes init --base-url https://reports.example.com --api-key-file key.txt --month 2026-10",
      ),
    )
    .action(async (flags: NotesInitFlags) => {
      await notesInitCommand(flags);
    });
}
