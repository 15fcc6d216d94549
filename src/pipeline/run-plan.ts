import type { Project } from "../contract/index.js";
import type { OutputFormat } from "../render/backends/registry.js";
import type { RenderOptions } from "../render/types.js";
import type { Period } from "../report/period.js";
import type { ClientReport } from "./client-reports.js";
import type { AnswersExport, ReportJob } from "./generate-report.js";

/**
 * What a run asks of every report it writes, whoever runs it (`generate`, the batch, the worker,
 * the desk, an MCP tool): the period, resolved once, the formats and folder, and the layout
 * flags. The client's own settings come from its config entry.
 */
export interface RunSpec {
  period: Period;
  formats: readonly OutputFormat[];
  outDir: string;
  /** Layout asked for on the command line (`--page-size`, `--landscape`, `--draft`, `--accessible`). */
  render?: RenderOptions;
  answers?: AnswersExport;
  signal?: AbortSignal;
  onWarning?: (line: string) => void;
}

/**
 * The one place a report's settings are resolved (docs/architecture.md, "The run plan"): the
 * config's defaults under the client's entry (`ClientReport`, read once per run), then the run's
 * flags over both. Each setting is decided here once; nothing downstream merges again.
 */
export function planJob(project: Project, client: ClientReport, run: RunSpec): ReportJob {
  const { settings, notesFrom, changes } = client;
  const render = run.render ?? {};
  return {
    project,
    period: run.period,
    formats: run.formats,
    outDir: run.outDir,
    branding: settings.branding,
    render: {
      ...render,
      presentation: settings.presentation,
      // `--accessible` asks for a tagged PDF for every client, the config for its own.
      accessible: (render.accessible ?? false) || settings.accessible,
    },
    ...(settings.targets !== undefined ? { targets: settings.targets } : {}),
    ...(settings.timezone !== undefined ? { timezone: settings.timezone } : {}),
    ...(notesFrom !== undefined ? { notesFrom } : {}),
    ...(changes !== undefined ? { changes } : {}),
    ...(run.answers !== undefined ? { answers: run.answers } : {}),
    ...(run.signal !== undefined ? { signal: run.signal } : {}),
    ...(run.onWarning !== undefined ? { onWarning: run.onWarning } : {}),
  };
}
