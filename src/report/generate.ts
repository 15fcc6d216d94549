import { mkdir, stat } from "node:fs/promises";
import type { VreportClient } from "../client/index.js";
import type { Project, Range } from "../contract/index.js";
import { getBackend } from "../render/backends/index.js";
import { draftView, drawView } from "../render/build-view.js";
import { drawChart } from "../render/charts/index.js";
import type { Branding, CoverView, OutputFormat, RenderOptions } from "../render/types.js";
import { buildModel } from "./build-model.js";
import { fetchReportData } from "./fetch.js";
import type { Finding } from "./model.js";

/** One report to write: the project and everything that shapes the files. */
export interface ReportJob {
  project: Project;
  range: Range;
  formats: OutputFormat[];
  outDir: string;
  branding: Branding;
  render: RenderOptions;
  timezone?: string;
}

export interface WrittenFile {
  format: OutputFormat;
  path: string;
  bytes: number;
}

/** A rendered report with what an email about it needs. */
export interface RenderedReport {
  files: WrittenFile[];
  cover: CoverView;
  findings: Finding[];
}

/** Fetches, models, draws and renders one report in every requested format. */
export async function generateReport(client: VreportClient, job: ReportJob): Promise<RenderedReport> {
  const data = await fetchReportData(client, job.project, job.range);
  const model = buildModel(data);
  const draft = draftView(model, job.branding, job.timezone !== undefined ? { timezone: job.timezone } : {});
  const backends = await Promise.all(job.formats.map((format) => getBackend(format)));
  // Each chart is drawn only as the image kinds these backends show.
  const kinds = [...new Set(backends.map((b) => b.chartImage))];
  const view = await drawView(draft, (spec) => drawChart(spec, kinds));
  await mkdir(job.outDir, { recursive: true });
  const written: WrittenFile[] = [];
  for (const backend of backends) {
    const format = backend.format;
    const paths = await backend.render(view, job.outDir, job.render);
    // The first path is the report itself; the rest are assets (Markdown charts).
    const main = paths[0];
    if (main) written.push({ format, path: main, bytes: (await stat(main)).size });
  }
  return { files: written, cover: view.cover, findings: model.findings };
}

/** Picks the projects to report on: by id or name (any case); all; or the first the key can read. */
export function selectProjects(
  projects: Project[],
  wanted: { project?: string; allProjects: boolean },
): Project[] {
  if (wanted.allProjects) return projects;
  if (wanted.project === undefined) return projects.slice(0, 1);
  const w = wanted.project.toLowerCase();
  const hit = projects.find((p) => p.id === wanted.project || p.name.toLowerCase() === w);
  return hit ? [hit] : [];
}
