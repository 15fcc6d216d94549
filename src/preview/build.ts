import { resolve } from "node:path";
import { loadChanges } from "../config/changes-file.js";
import { DEFAULT_CONFIG, loadConfig } from "../config/load-config.js";
import { notesForReport } from "../config/period-notes.js";
import type { Profile } from "../config/presentation.js";
import { viewOf } from "../pipeline/plan.js";
import { reportPeriod } from "../pipeline/report-period.js";
import { clientRequest } from "../pipeline/run-plan.js";
import { loadBackend } from "../render/backends/registry.js";
import { forgetTemplates, PACKAGE_TEMPLATES } from "../render/html/templates.js";
import { presentView } from "../render/present.js";
import type { CheckFinding } from "../report/claims/check.js";
import type { ReportData } from "../report/model.js";
import { describeFailure, type PreviewFailure } from "./failure.js";
import { checkTemplates } from "./template-syntax.js";

/** What the preview builds its report from: the data fetched once, and the files it reads on each rebuild. */
export interface PreviewSource {
  /** The report's data, fetched once when the preview starts (planReport's fetch). */
  data: ReportData;
  /** `--config`; without it ./vreport.config.json when present, as for generate. */
  configPath?: string;
  /** `--profile`: wins over the config file's. */
  profile?: Profile;
  /** `--notes`: wins over the config file's notes. */
  notesPath?: string;
  /** `--changes`: wins over the config file's change log. */
  changesPath?: string;
  /** `--draft`: a review copy. */
  draft?: boolean;
  /** Template folders to check and watch besides the package's templates/ (tests). */
  templateDirs?: readonly string[];
}

/** One rebuild: the report's HTML or why there is none, the files it read, and its warnings. */
export type PreviewBuild = (
  | { ok: true; html: string; warnings: string[]; checks: CheckFinding[] }
  | { ok: false; failure: PreviewFailure; warnings: string[] }
) & {
  /** Every file and folder the report was built from, to watch for the next edit. */
  inputs: string[];
};

/**
 * Builds the report's HTML from the fetched data and the files as they are now: the config file,
 * the notes and change log it (or the flags) names, and the templates, read again each time.
 * Pure after the reads (viewOf); never throws: a bad file is a failure naming it.
 */
export async function buildPreview(source: PreviewSource): Promise<PreviewBuild> {
  const configFile = resolve(source.configPath ?? DEFAULT_CONFIG);
  const templateDirs = [PACKAGE_TEMPLATES, ...(source.templateDirs ?? [])];
  const inputs = new Set([configFile, ...templateDirs]);
  const input = (path: string | undefined) => {
    if (path !== undefined) inputs.add(resolve(path));
    return path;
  };
  input(source.notesPath);
  input(source.changesPath);
  try {
    const config = await loadConfig(source.configPath, source.profile ? { profile: source.profile } : {});
    const settings = config.forProject(source.data.project);
    const notesPath = source.notesPath ?? settings.notesPath;
    const changesPath = input(source.changesPath ?? settings.changesPath);
    // Only the notes written for the report's period (docs/notes.md); that file is the one watched.
    const found =
      notesPath !== undefined
        ? await notesForReport(
            { path: notesPath, explicit: source.notesPath !== undefined },
            reportPeriod(source.data),
          )
        : {};
    input(found.file);
    const notes = found.notes;
    const changes = changesPath !== undefined ? await loadChanges(changesPath) : undefined;
    const draft = source.draft ?? false;
    // The client's settings under the flags, merged as every run merges them (docs/architecture.md,
    // "The run plan"); its notes are the ones read above, the file the preview watches.
    const { render, ...request } = clientRequest(
      { settings, ...(changes !== undefined ? { changes } : {}) },
      { draft },
    );
    // The client's theme (docs/templates.md): its templates are checked and its files watched too.
    const theme = request.branding.theme;
    for (const source of theme?.sources ?? []) inputs.add(source);
    // Templates and stylesheets are read again: an edited partial or print.css shows at once.
    await checkTemplates(theme?.templatesDir ? [...templateDirs, theme.templatesDir] : templateDirs);
    forgetTemplates();
    const plan = await viewOf(source.data, {
      ...request,
      formats: ["html"],
      ...(notes !== undefined ? { notes } : {}),
      draft,
    });
    const backend = await loadBackend("html");
    const view = backend.shows === "pages" ? presentView(plan.view, render.presentation) : plan.view;
    const [report] = await backend.render(view, render);
    const html = typeof report?.data === "string" ? report.data : new TextDecoder().decode(report?.data);
    const warnings = found.warning !== undefined ? [found.warning, ...plan.warnings] : plan.warnings;
    return { ok: true, html, warnings, checks: plan.checks, inputs: [...inputs] };
  } catch (err) {
    return { ok: false, failure: await describeFailure(err, configFile), warnings: [], inputs: [...inputs] };
  }
}
