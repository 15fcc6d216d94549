import type { VreportClient } from "../client/index.js";
import { loadBackend } from "../render/backends/registry.js";
import type { CoverView, RenderOptions } from "../render/types.js";
import type { Finding } from "../report/model.js";
import { applyReport, type WrittenFile } from "./apply.js";
import { planReport, type ReportRequest } from "./plan.js";

/** One report to write: the request, where the files go, and how pages are laid out. */
export interface ReportJob extends ReportRequest {
  outDir: string;
  render: RenderOptions;
}

/** A written report with what an email about it needs. */
export interface RenderedReport {
  files: WrittenFile[];
  cover: CoverView;
  findings: Finding[];
}

/**
 * Plans one report and writes it in every requested format: the one path `generate`, batches,
 * the worker and email share (plan, then apply).
 */
export async function generateReport(client: VreportClient, job: ReportJob): Promise<RenderedReport> {
  const [plan, backends] = await Promise.all([
    planReport(client, job),
    Promise.all(job.formats.map((format) => loadBackend(format))),
  ]);
  const files = await applyReport(plan.view, backends, job.outDir, job.render);
  return { files, cover: plan.view.cover, findings: plan.findings };
}
