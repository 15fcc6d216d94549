import type { VreportClient } from "../client/index.js";
import type { Project } from "../contract/index.js";
import type { EmailOptions } from "../email/settings.js";
import type { WrittenFile } from "../pipeline/apply.js";
import {
  type AnswersFile,
  generateReport,
  type RenderedReport,
  type ReportJob,
} from "../pipeline/generate-report.js";
import type { RunPlan } from "../pipeline/run-plan.js";
import { type SendPolicy, sendPlanned } from "./send-planned.js";

/** The outcome of one project in a batch. */
export interface BatchResult {
  project: Project;
  files: WrittenFile[];
  /** Sum of the files' sizes. */
  bytes: number;
  ms: number;
  /** Addresses the report was emailed to (this run, or an earlier one the ledger recorded). */
  emailed: string[];
  /** The delivery ledger found the email sent by an earlier run: nothing was sent now. */
  alreadyEmailed?: boolean;
  /** The answers workbook (`--answers all`): beside the report, never attached to its email. */
  answers?: AnswersFile;
  error?: Error;
}

/**
 * Progress events: a project starts, or finishes (with its result). `index` is the project's place
 * in the batch (0-based) in both, so the lines of one project can carry the same number.
 */
export type BatchEvent =
  | { type: "start"; project: Project; index: number; done: number; total: number; running: Project[] }
  | { type: "done"; result: BatchResult; index: number; done: number; total: number; running: Project[] };

/** Options of `runBatch`. */
export interface BatchOptions {
  /** Reports rendered at once. Default 2: charts and Chromium pages are CPU-bound. */
  concurrency?: number;
  onProgress?: (event: BatchEvent) => void;
  /** Stops the batch (SIGTERM, Ctrl-C): no further project starts; the running ones stop writing. */
  signal?: AbortSignal;
  /**
   * How each report its plan emails is sent (jobs/send-planned.ts): with a delivery ledger, a
   * batch run again does not email a report it emailed already, and the report's review becomes
   * `sent`. Without one every run emails.
   */
  send?: SendPolicy;
  /** The report generation; `generateReport` unless a test measures the scheduling alone. */
  render?: (client: VreportClient, job: ReportJob) => Promise<RenderedReport>;
}

/**
 * A failure as an Error whose message a person can read: something thrown that is not an Error
 * (a plain object from a library, a string) keeps its message and code, never "[object Object]".
 */
export function asError(e: unknown): Error {
  if (e instanceof Error) return e;
  if (e !== null && typeof e === "object") {
    const { message, code } = e as { message?: unknown; code?: unknown };
    const text = typeof message === "string" && message !== "" ? message : safeJson(e);
    return new Error(code !== undefined && code !== null ? `${text} (code ${String(code)})` : text, {
      cause: e,
    });
  }
  return new Error(String(e), { cause: e });
}

function safeJson(value: object): string {
  try {
    return JSON.stringify(value) ?? "unknown error";
  } catch {
    return "unknown error";
  }
}

/**
 * Renders one report per project with bounded concurrency; a failing project is recorded and
 * the others go on. Results are in the projects' order. PDF renders share the PDF backend's one
 * browser per process; the caller closes it (`closeLoadedBackends`) when the batch is over.
 * `planFor` gives each project's plan, resolved once (pipeline/run-plan.ts): its job and its email. An
 * abort of `options.signal` starts no further project and throws its reason once the running
 * ones have stopped.
 */
export async function runBatch(
  client: VreportClient,
  projects: readonly Project[],
  planFor: (project: Project) => RunPlan<EmailOptions>,
  options: BatchOptions = {},
): Promise<BatchResult[]> {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 2));
  const results: BatchResult[] = new Array(projects.length);
  const running = new Set<Project>();
  let next = 0;
  let done = 0;

  const one = async (project: Project): Promise<BatchResult> => {
    const started = performance.now();
    let files: WrittenFile[] = [];
    const emailed: string[] = [];
    const outcome = (more: Pick<BatchResult, "alreadyEmailed" | "answers" | "error">): BatchResult => ({
      project,
      files,
      bytes: sum(files),
      ms: performance.now() - started,
      emailed,
      ...more,
    });
    try {
      const plan = planFor(project);
      const report = await (options.render ?? generateReport)(client, plan.job);
      files = report.files;
      const delivered = await sendPlanned(plan, report, options.send);
      if (delivered) emailed.push(...delivered.recipients);
      const already = delivered?.alreadySent === true;
      const answers = report.answers ? { answers: report.answers } : {};
      return outcome({ ...(already ? { alreadyEmailed: true } : {}), ...answers });
    } catch (err) {
      return outcome({ error: asError(err) });
    }
  };

  const lane = async (): Promise<void> => {
    for (let i = next++; i < projects.length && !options.signal?.aborted; i = next++) {
      const project = projects[i] as Project;
      running.add(project);
      options.onProgress?.({
        type: "start",
        project,
        index: i,
        done,
        total: projects.length,
        running: [...running],
      });
      const result = await one(project);
      running.delete(project);
      results[i] = result;
      done++;
      options.onProgress?.({
        type: "done",
        result,
        index: i,
        done,
        total: projects.length,
        running: [...running],
      });
    }
  };

  await Promise.all(Array.from({ length: Math.min(concurrency, projects.length) }, lane));
  // Stopped (SIGTERM, Ctrl-C): not a project's failure but the batch's end, whatever ran.
  options.signal?.throwIfAborted();
  return results;
}

function sum(files: readonly WrittenFile[]): number {
  return files.reduce((s, f) => s + f.bytes, 0);
}
