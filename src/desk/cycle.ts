/**
 * The cycle the desk shows (docs/review.md, "The desk"): the clients of one period, listed from
 * the projects each workspace's key reads with no report built, and each client's report built
 * only when it is opened: its data fetched once through the typed client, its HTML rebuilt from
 * that data and the files as they are now (the preview's build: config, the period's notes,
 * change log, templates), and the period's notes file, which the desk writes back where the
 * client's config says notes live.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { VreportClient } from "../client/index.js";
import { type LoadedConfig, loadConfig } from "../config/load-config.js";
import { notesPathFor, parseNotesFile, periodLine } from "../config/period-notes.js";
import type { Project } from "../contract/index.js";
import { type ErrorCategory, VreportError } from "../contract/index.js";
import { oneClientsFile } from "../pipeline/client-reports.js";
import { reportPeriod } from "../pipeline/report-period.js";
import { buildPreview, type PreviewBuild } from "../preview/build.js";
import { fetchReportData } from "../report/fetch.js";
import type { ReportData } from "../report/model.js";
import type { Period } from "../report/period.js";

/** One workspace the desk reads: its own key's client and the cycle's period there. */
export interface CycleWorkspace {
  client: VreportClient;
  /** Resolved in the workspace (its timezone and as-of day). */
  period: Period;
  /** The period's file-name label there (`2026-10`): the key of its reports' reviews. */
  label: string;
}

/** What the desk works from: the workspaces it reads and the agency's config file. */
export interface CycleSource {
  /** The workspaces of the database as they are now: one created while the desk runs is listed. */
  workspaces: () => Promise<readonly CycleWorkspace[]>;
  /** The config file (clients, notes paths, email); default ./vreport.config.json when present. */
  configPath?: string;
}

/** A client of the cycle, before its report is built. */
export interface CycleEntry {
  project: Project;
  /** The period's label: the key of its review. */
  period: string;
  workspace: CycleWorkspace;
}

/** The period's notes of one client as the desk edits them. */
export interface DeskNotes {
  /** The file they are written to; undefined when the client's config names no notes file. */
  file?: string;
  /** The notes' Markdown (without the line naming the period). */
  text: string;
  /** The file's path names the period (`{period}`): no line inside it needs to. */
  ownFile: boolean;
}

/** One client's report of the cycle. */
export interface CycleReport {
  project: Project;
  /** The period's label (`2026-10`): the key of its review. */
  period: string;
  build: PreviewBuild;
  notes: DeskNotes;
}

/** The cycle's clients, listed at once; their reports built on demand and kept until their notes change. */
export class Cycle {
  private readonly data = new Map<string, Promise<ReportData>>();
  private readonly built = new Map<string, Promise<CycleReport>>();
  private readonly done = new Map<string, CycleReport>();

  constructor(private readonly source: CycleSource) {}

  /**
   * The clients of the cycle: the projects each workspace's key reads, by name, listed again at
   * each call (a client imported while the desk runs, into a workspace old or new, appears on the
   * next page). No report is built.
   */
  async entries(): Promise<CycleEntry[]> {
    return Promise.all(
      (await this.source.workspaces()).map(async (workspace) =>
        (await workspace.client.listProjects()).projects.map((project) => ({
          project,
          period: workspace.label,
          workspace,
        })),
      ),
    ).then((lists) => lists.flat().sort((a, b) => a.project.name.localeCompare(b.project.name)));
  }

  /** One client of the cycle. */
  async entry(projectId: string): Promise<CycleEntry> {
    const found = (await this.entries()).find((e) => e.project.id === projectId);
    if (!found) throw new DeskNotesError(`no project ${projectId} in this cycle`);
    return found;
  }

  /** A client's report when it has been built (opened), else undefined: the list never builds one. */
  builtReport(projectId: string): CycleReport | undefined {
    return this.done.get(projectId);
  }

  /** One client's report, built once (again after its notes were written). */
  report(projectId: string): Promise<CycleReport> {
    let found = this.built.get(projectId);
    if (!found) {
      found = this.build(projectId);
      this.built.set(projectId, found);
      found.then(
        (report) => {
          if (this.built.get(projectId) === found) this.done.set(projectId, report);
        },
        () => this.built.delete(projectId),
      );
    }
    return found;
  }

  /**
   * Writes the period's notes of a client (checked first: a bad note is refused with the notes
   * file's own message and nothing is written), then rebuilds its report from them.
   */
  async writeNotes(projectId: string, text: string): Promise<CycleReport> {
    const { notes, period } = await this.report(projectId);
    if (notes.file === undefined) throw new DeskNotesError("the client's config names no notes file");
    const body = `${text.replace(/\r\n?/g, "\n").trimEnd()}\n`;
    // A fixed file names its period in its first line, so it is never printed under another month.
    const content = notes.ownFile ? body : `${periodLine(period)}\n\n${body}`;
    parseNotesFile(content, notes.file);
    await mkdir(dirname(notes.file), { recursive: true });
    const staged = `${notes.file}.desk-${process.pid}`;
    await writeFile(staged, content);
    await rename(staged, notes.file);
    this.built.delete(projectId);
    this.done.delete(projectId);
    return this.report(projectId);
  }

  private async build(projectId: string): Promise<CycleReport> {
    const { project, workspace } = await this.entry(projectId);
    let data = this.data.get(projectId);
    if (!data) {
      data = fetchReportData(workspace.client, project, workspace.period);
      this.data.set(projectId, data);
      data.catch(() => this.data.delete(projectId));
    }
    const fetched = await data;
    const configPath = this.source.configPath;
    const config = await loadConfig(configPath);
    checkEveryClientsFiles(config);
    const settings = config.forProject(project);
    const at = reportPeriod(fetched);
    const build = await buildPreview({ data: fetched, ...(configPath !== undefined ? { configPath } : {}) });
    const path = settings.notesPath;
    const file = path !== undefined ? notesPathFor(path, at) : undefined;
    const notes = await notesOf(file, at.period);
    return {
      project,
      period: at.period,
      build,
      notes: { ...notes, ownFile: path?.includes("{period}") ?? false },
    };
  }
}

/** The notes of `period` in `file`: empty when it does not exist yet or holds another period's. */
async function notesOf(file: string | undefined, period: string): Promise<Omit<DeskNotes, "ownFile">> {
  if (file === undefined || !existsSync(file)) return { ...(file !== undefined ? { file } : {}), text: "" };
  const text = await readFile(file, "utf8");
  const first = text.split(/\r\n?|\n/, 1)[0] ?? "";
  let named: string | undefined;
  try {
    named = parseNotesFile(text, file).period;
  } catch {
    // A note that does not parse is shown as it is, for the account manager to mend.
  }
  if (named !== undefined && named !== period) return { file, text: "" };
  return { file, text: (named !== undefined ? text.slice(first.length) : text).trim() };
}

/** A note the desk cannot write. */
export class DeskNotesError extends VreportError {}

/** A config the desk cannot work with (exit 2 at start; shown at the top of the page later). */
export class DeskConfigError extends VreportError {
  override get category(): ErrorCategory {
    return "usage";
  }
}

/**
 * The desk shows, edits and sends every client's report: one client's notes file or change log
 * at the top of the config would reach them all (docs/review.md). Checked when the desk starts,
 * and at each build and send, since the config is read again each time.
 */
export function checkEveryClientsFiles(config: Pick<LoadedConfig, "notesPath" | "changesPath">): void {
  const what = oneClientsFile(config);
  if (what !== undefined)
    throw new DeskConfigError(
      `the config file's ${what}: the review desk shows and sends every client's report; give each client its own ${what} in the config file's projects${what === "notes" ? ", or {project} in the notes path (notes/{project}-{period}.md)" : ""}`,
    );
}
