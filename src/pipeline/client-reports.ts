import { type ChangeLog, loadChanges } from "../config/changes-file.js";
import type { ClientSettings, LoadedConfig } from "../config/load-config.js";
import { isNotesPattern, loadNotesFile, type NotesSource } from "../config/period-notes.js";
import type { Project } from "../contract/index.js";

/** Where a kind of per-client file (notes, change log) may be named for a run. */
export interface ClientFileSources {
  /** The flag's file: it wins for every project. */
  flagPath: string | undefined;
  /** Every file the config names (defaults and each client's), to read before the run. */
  configPaths: readonly (string | undefined)[];
  /** The config's file for one project (its own, else the default). */
  pathFor: (project: Project) => string | undefined;
}

/**
 * Reads (and so checks) every file a run may use before the service is contacted, once each: a
 * typo in one must not wait for the embedded service to start, nor fail one client of a batch
 * after others were sent. Returns each project's file's contents.
 */
async function clientFiles<T>(
  load: (path: string) => Promise<T>,
  sources: ClientFileSources,
): Promise<(project: Project) => T | undefined> {
  const loaded = new Map<string, T>();
  for (const path of new Set([sources.flagPath, ...sources.configPaths])) {
    if (path !== undefined) loaded.set(path, await load(path));
  }
  return (project) => {
    const path = sources.flagPath ?? sources.pathFor(project);
    return path === undefined ? undefined : loaded.get(path);
  };
}

/** What one client's report takes from the config file and its files (config `projects`). */
export interface ClientReport {
  settings: ClientSettings;
  /** Where its notes are read from, for its report's period (docs/notes.md). */
  notesFrom?: NotesSource;
  changes?: ChangeLog;
}

/**
 * Checks a notes path before the run and says where the report reads its notes: a fixed file is
 * read now (a typo fails before the service starts) and again for the report, since notes are
 * edited between runs of a long-lived worker; a pattern names a file per period, read then.
 */
async function notesSource(path: string, explicit: boolean): Promise<NotesSource> {
  if (!isNotesPattern(path)) await loadNotesFile(path);
  return { path, explicit };
}

/**
 * Every notes file and change log a run may use, read before the service is contacted (the
 * flags' for every project, else each client's from the config file), and each client's settings:
 * one place for `generate` and the worker.
 */
export async function clientReports(
  config: LoadedConfig,
  flags: { notesPath?: string | undefined; changesPath?: string | undefined } = {},
): Promise<(project: Project) => ClientReport> {
  const notes = await clientFiles((path) => notesSource(path, path === flags.notesPath), {
    flagPath: flags.notesPath,
    configPaths: [config.notesPath, ...config.clientNotesPaths],
    pathFor: (project) => config.forProject(project).notesPath,
  });
  const changes = await clientFiles(loadChanges, {
    flagPath: flags.changesPath,
    configPaths: [config.changesPath, ...config.clientChangesPaths],
    pathFor: (project) => config.forProject(project).changesPath,
  });
  return (project) => {
    const n = notes(project);
    const c = changes(project);
    return {
      settings: config.forProject(project),
      ...(n !== undefined ? { notesFrom: n } : {}),
      ...(c !== undefined ? { changes: c } : {}),
    };
  };
}

/**
 * The config's top-level notes or change log when it is one client's file: notes at a fixed path
 * (without `{project}`), or any top-level change log. A run that writes every client's report
 * (`generate --all-projects`, the worker, the review desk, the MCP server with a key that reads
 * several projects) refuses it: one client's commentary or work must never reach another
 * (docs/notes.md, docs/changes.md). Each caller says why in its own words.
 */
export function oneClientsFile(
  config: Pick<LoadedConfig, "notesPath" | "changesPath">,
): "notes" | "changes" | undefined {
  if (config.notesPath !== undefined && !config.notesPath.includes("{project}")) return "notes";
  if (config.changesPath !== undefined) return "changes";
  return undefined;
}
