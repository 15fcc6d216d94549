import type { VreportClient } from "../client/index.js";
import { parseAgencyNote } from "../config/agency-input.js";
import type { Branding } from "../config/branding.js";
import type { ChangeLog } from "../config/changes-file.js";
import type { Notes } from "../config/notes-file.js";
import { type NotesSource, notesForReport } from "../config/period-notes.js";
import type { Targets } from "../config/targets.js";
import type { Project } from "../contract/index.js";
import { langOf } from "../format/i18n/index.js";
import { backendInfo, type OutputFormat } from "../render/backends/registry.js";
import { draftView, drawView } from "../render/build-view.js";
import { drawChartAnywhere } from "../render/charts/threads.js";
import type { ReportView } from "../render/types.js";
import { buildModel } from "../report/build-model.js";
import { skippedWarning } from "../report/change-log.js";
import { type CheckFinding, checkReport } from "../report/claims/check.js";
import { fetchReportData } from "../report/fetch.js";
import type { Finding, ReportData } from "../report/model.js";
import type { Period } from "../report/period.js";
import { reportPeriod } from "./report-period.js";

/** What a report is asked for: the project, the period, and everything that shapes the view. */
export interface ReportRequest {
  project: Project;
  /** The period, resolved where the request came in (report/period.ts). */
  period: Period;
  /** The formats the view will be written in: only their chart image kinds are drawn. */
  formats: readonly OutputFormat[];
  branding: Branding;
  /** The config file's timezone, overriding the workspace's for the dates shown. */
  timezone?: string;
  /** The agency's notes for this report's period, each first in its section (docs/notes.md). */
  notes?: Notes;
  /** Where the agency's notes are written: `notes` become those written for the report's period. */
  notesFrom?: NotesSource;
  /** A review copy: without notes for its period, its review list says there is no commentary yet. */
  draft?: boolean;
  /** The agency's targets, checked against the rates (docs/targets.md). */
  targets?: Targets;
  /** The agency's change log, marked on the trend and listed with its rates (docs/changes.md). */
  changes?: ChangeLog;
  /** Receives each warning line of the run (entries of the change log outside the period). */
  onWarning?: (line: string) => void;
}

/** A planned report: the view every backend renders, the findings an email quotes, and the data behind them. */
export interface ReportPlan {
  view: ReportView;
  findings: Finding[];
  data: ReportData;
  /** What the run should warn about, one line each; the caller prints them (the plan does no I/O). */
  warnings: string[];
  /** What the report's self-check found and could not resolve itself (docs/claims.md). */
  checks: CheckFinding[];
}

/**
 * Plans a report: fetches its data, then builds the view every backend renders. After the
 * fetch nothing reads a file, the network or the clock (`viewOf`).
 */
export async function planReport(
  client: VreportClient,
  request: ReportRequest,
  clock: () => Date = () => new Date(),
): Promise<ReportPlan> {
  const data = await fetchReportData(client, request.project, request.period, clock);
  const { notesFrom, ...rest } = request;
  if (notesFrom === undefined) return viewOf(data, rest);
  const found = await notesForReport(notesFrom, reportPeriod(data));
  const { notes: _, ...others } = rest;
  const plan = await viewOf(data, {
    ...others,
    ...(found.notes !== undefined ? { notes: found.notes } : {}),
  });
  return found.warning ? { ...plan, warnings: [found.warning, ...plan.warnings] } : plan;
}

/** What a view is built from besides the data: the request, its notes already read for its period. */
export type ViewRequest = Omit<ReportRequest, "project" | "period" | "notesFrom">;

/** The view of fetched data: model, section drafts, then each chart drawn in the kinds asked for. */
export async function viewOf(data: ReportData, request: ViewRequest): Promise<ReportPlan> {
  // The agency's page takes its input from the agency note; the rest of the note is its commentary (docs/agency.md).
  const agencyNote = request.notes?.agency === undefined ? null : parseAgencyNote(request.notes.agency);
  const agencyPlan = agencyNote && "plan" in agencyNote ? agencyNote : null;
  const notes =
    request.notes === undefined || agencyPlan === null
      ? request.notes
      : withAgencyNote(request.notes, agencyPlan.rest);
  const model = buildModel(data, {
    locale: request.branding.locale,
    ...(agencyPlan ? { plan: agencyPlan.plan } : {}),
    ...(request.targets !== undefined ? { targets: request.targets } : {}),
    ...(request.changes !== undefined ? { changes: request.changes } : {}),
  });
  const period = model.cover.period;
  const skipped = model.changes && period ? skippedWarning(model.changes, period) : null;
  const draft = draftView(model, request.branding, {
    ...(request.timezone !== undefined ? { timezone: request.timezone } : {}),
    ...(notes !== undefined ? { notes } : {}),
  });
  const kinds = [...new Set(request.formats.map((f) => backendInfo(f).chartImage))];
  const drawn = await drawView(draft, (spec) => drawChartAnywhere(spec, kinds));
  const checks = checkReport(model, request.notes, langOf(request.branding.locale).language);
  // A draft without commentary says so first on its review list; the final report shows nothing.
  const silent = request.draft === true && Object.keys(request.notes ?? {}).length === 0;
  const review = [
    ...(silent ? [langOf(request.branding.locale).m.draft.noCommentary(reportPeriod(data).period)] : []),
    ...checks.map((c) => c.message),
  ];
  const view = { ...drawn, review };
  const warnings = [
    ...(skipped ? [skipped] : []),
    ...checks.map((c) => `review: ${model.cover.project}: ${c.message} [${c.rule}]`),
  ];
  return { view, findings: model.findings, data, warnings, checks };
}

/** The notes with the agency note's commentary only (its keyed parts are the agency page's input). */
function withAgencyNote(notes: Notes, rest: string): Notes {
  const { agency: _, ...others } = notes;
  return rest === "" ? others : { ...others, agency: rest };
}
