import type { ChartImageKind, ChartSpec, RenderedChart } from "../types.js";
import { ChartRenderError } from "./chart-error.js";
import { drawChart } from "./index.js";

/** What a drawing thread sends back: the chart, or why it could not be drawn (./threads.ts). */
export type ThreadResult = { chart: RenderedChart } | { reason: string };

/** A drawing thread's task: one chart spec drawn as the image kinds asked for. */
export default async function draw(task: {
  spec: ChartSpec;
  kinds: ChartImageKind[];
}): Promise<ThreadResult> {
  try {
    return { chart: await drawChart(task.spec, task.kinds) };
  } catch (error) {
    // Structured cloning keeps no class: the reason crosses, the main thread makes the error again.
    if (error instanceof ChartRenderError) return { reason: error.reason };
    throw error;
  }
}
