import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { VreportClient } from "../client/index.js";
import type { EmailKpi } from "../format/email-template.js";
import { langOf } from "../format/i18n/index.js";
import { formatIn } from "../format/i18n/value.js";
import { loadBackend } from "../render/backends/registry.js";
import { changeLine } from "../render/kpi-change.js";
import type { CoverView, RenderOptions, ReportView } from "../render/types.js";
import { periodAnswers } from "../report/fetch-answers.js";
import type { Finding } from "../report/model.js";
import { abortable } from "./abortable.js";
import { applyReport, type WrittenFile } from "./apply.js";
import { planReport, type ReportRequest } from "./plan.js";

/** One report to write: the request, where the files go, and how pages are laid out. */
export interface ReportJob extends ReportRequest {
  outDir: string;
  render: RenderOptions;
  /** `all` also writes every answer of the period to `<name>-answers.xlsx`. */
  answers?: AnswersExport;
  /** Stops the run (SIGTERM, Ctrl-C): nothing more is written, its hidden files are removed. */
  signal?: AbortSignal;
}

/** What `--answers` may ask for. */
export const ANSWERS_EXPORTS = ["all"] as const;
export type AnswersExport = (typeof ANSWERS_EXPORTS)[number];

/** The streamed answers workbook of a report, when one was asked for. */
export interface AnswersFile {
  path: string;
  bytes: number;
  answers: number;
}

/** A written report with what an email about it needs. */
export interface RenderedReport {
  files: WrittenFile[];
  cover: CoverView;
  /** The agency's name, as the report prints it. */
  agency: string;
  /** The headline KPIs as the report prints them (an email's template may quote them). */
  headline: EmailKpi[];
  /** The report's locale: its email is written in the same language. */
  locale: string;
  findings: Finding[];
  answers?: AnswersFile;
}

/** The cover, agency and headline numbers of a view, for its email: figures in the report's locale. */
function facts(view: ReportView): Pick<RenderedReport, "cover" | "agency" | "headline" | "locale"> {
  const kpis = view.sections
    .find((s) => s.key === "summary")
    ?.blocks.flatMap((b) => (b.kind === "kpis" ? b.items : []));
  const lang = langOf(view.branding.locale);
  return {
    cover: view.cover,
    agency: view.branding.agencyName,
    locale: lang.locale,
    headline: (kpis ?? []).map((k) => ({
      label: k.label,
      value: formatIn(lang, k.type, k.value),
      change: changeLine(k, lang),
    })),
  };
}

/**
 * Plans one report and writes it in every requested format: the one path `generate`, batches,
 * the worker and email share (plan, then apply).
 */
export async function generateReport(client: VreportClient, job: ReportJob): Promise<RenderedReport> {
  const [plan, backends] = await abortable(
    Promise.all([
      planReport(client, { ...job, draft: job.render.draft === true }),
      Promise.all(job.formats.map((format) => loadBackend(format))),
    ]),
    job.signal,
  );
  for (const line of plan.warnings) job.onWarning?.(line);
  const report = plan.data.report;
  if (job.answers !== "all" || !report.ok) {
    const files = await applyReport(plan.view, backends, job.outDir, job.render, job.signal);
    return { files, ...facts(plan.view), findings: plan.findings };
  }
  // The answers are streamed under a hidden name first and moved into place after the report's
  // files: a failure anywhere leaves no answers workbook and no report (docs/architecture.md).
  await mkdir(job.outDir, { recursive: true });
  const path = join(job.outDir, `${plan.view.name}-answers.xlsx`);
  const partial = join(
    job.outDir,
    `.${plan.view.name}-answers.${process.pid}-${randomBytes(6).toString("hex")}.partial`,
  );
  try {
    // Imported here: exceljs costs every other run ~0.15 s of start-up for a rarely asked file.
    const { writeAnswersWorkbook } = await import("./answers-workbook.js");
    const count = await writeAnswersWorkbook(
      periodAnswers(client, report.value, job.project.id),
      partial,
      plan.view.cover.timezone,
      job.signal,
    );
    const files = await applyReport(plan.view, backends, job.outDir, job.render, job.signal);
    await rename(partial, path);
    const answers = { path, bytes: (await stat(path)).size, answers: count };
    return { files, ...facts(plan.view), findings: plan.findings, answers };
  } finally {
    await rm(partial, { force: true });
  }
}
