import type Tinypool from "tinypool";
import { builtScript } from "../../format/package-dir.js";
import type { ChartImageKind, ChartSpec, RenderedChart } from "../types.js";
import type { ThreadResult } from "./_chart-worker.js";
import { ChartRenderError, checkChartSpec } from "./chart-error.js";

/** The drawing thread's script in the compiled build; null from the sources, where charts are drawn inline. */
const SCRIPT = builtScript(import.meta.url, "./_chart-worker.js");

let pool: Tinypool | undefined;

/**
 * The drawing thread's young generation, in MB (V8's default is several times larger). A chart's
 * objects die young, and its heap stays small; with the default, V8 started a full collection
 * every three or four charts (its old generation's headroom was smaller than the young one), and
 * the helper threads' marking cost more CPU than the charts' layout. With 6 MB a report's charts
 * take 15–25 % less CPU in all (docs/jobs.md, "Throughput").
 */
const YOUNG_GENERATION_MB = 6;

/**
 * From now on this process draws its charts on `threads` worker threads (0: on the main thread,
 * the default). A process that renders several reports at once (the worker, a batch) draws them
 * off the main thread, which then fetches, lays out and sends the other reports meanwhile
 * (docs/jobs.md, "Throughput"); a single `generate` does not pay for a thread's start-up.
 * Returns whether charts are now drawn on threads (never from the TypeScript sources). Tinypool
 * is loaded here: a run that draws inline does not pay for it at start-up.
 */
export async function drawChartsOnThreads(threads: number): Promise<boolean> {
  if (pool !== undefined || threads < 1 || SCRIPT === null) return pool !== undefined;
  const { default: Pool } = await import("tinypool");
  pool ??= new Pool({
    filename: SCRIPT.href,
    minThreads: threads,
    maxThreads: threads,
    // No inherited Node flags: a thread needs none, and some (--input-type, --eval) stop it starting.
    execArgv: [],
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  return true;
}

/**
 * Drawing threads for a process that renders `reportsAtOnce` reports at a time: one when it is
 * more than one, else none. One thread takes the charts off the main thread; a second added
 * nothing measurable on two cores (BENCHMARKS.md, "Month end") and costs its own Chart.js and
 * Skia (about 80 MB).
 */
export function chartThreadsFor(reportsAtOnce: number): number {
  return reportsAtOnce > 1 ? 1 : 0;
}

/** Draws `spec` as `kinds` (charts/index.ts, drawChart): on a drawing thread when there are any. */
export async function drawChartAnywhere(
  spec: ChartSpec,
  kinds: readonly ChartImageKind[],
): Promise<RenderedChart> {
  if (pool === undefined) {
    // Loaded on the first chart drawn here: Chart.js and Skia are most of a command's start-up,
    // which commands that draw nothing (serve, keys, a flag error) need not pay.
    const { drawChart } = await import("./index.js");
    return drawChart(spec, kinds);
  }
  checkChartSpec(spec);
  let result: ThreadResult;
  try {
    result = await pool.run({ spec, kinds: [...kinds] });
  } catch (error) {
    // The thread died or could not start: the report fails as any failed chart does.
    const message = error instanceof Error ? error.message : String(error);
    throw new ChartRenderError(spec.id, `the drawing thread failed: ${message}`, { cause: error });
  }
  if ("reason" in result) throw new ChartRenderError(spec.id, result.reason);
  return result.chart;
}

/** Stops the drawing threads, if any (the end of a report session); charts are drawn inline after. */
export async function closeChartThreads(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
