import { createCanvas } from "@napi-rs/canvas";
import { Chart, type ChartConfiguration } from "chart.js";
import type { ChartSpec, RenderedChart } from "../types.js";
import { chartConfig } from "./_config.js";
import { setupCharts } from "./_setup.js";

/** Raised when a chart spec cannot be drawn (bad size); `cause` holds any underlying error. */
export class ChartRenderError extends Error {
  readonly code = "CHART_RENDER_FAILED";
  constructor(
    readonly chartId: string,
    message: string,
    options?: { cause: unknown },
  ) {
    super(`chart "${chartId}": ${message}`, options);
    this.name = "ChartRenderError";
  }
}

/** Draws one chart spec with Chart.js on a @napi-rs/canvas and returns it with its PNG (2× the spec size). */
export async function drawChart(spec: ChartSpec): Promise<RenderedChart> {
  if (!(spec.width > 0 && spec.height > 0 && Number.isFinite(spec.width) && Number.isFinite(spec.height)))
    throw new ChartRenderError(spec.id, `invalid size ${spec.width}×${spec.height}`);
  setupCharts();
  // The canvas starts at the CSS size; Chart.js resizes it to 2× for `devicePixelRatio: 2` and
  // scales its context, so the spec stays in CSS pixels.
  const canvas = createCanvas(Math.round(spec.width), Math.round(spec.height));
  const ctx = canvas.getContext("2d");
  let chart: Chart | undefined;
  try {
    // Chart.js types its context as the DOM's; the Skia context implements what it draws with.
    // The per-type configs are checked in chartConfig; Chart's constructor cannot take their union.
    const config = chartConfig(spec) as ChartConfiguration;
    chart = new Chart(ctx as unknown as CanvasRenderingContext2D, config);
    const png = await canvas.encode("png");
    return { ...spec, png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength) };
  } catch (error) {
    throw new ChartRenderError(spec.id, error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  } finally {
    // destroy() clears the canvas, so only after encoding; it also releases Chart.js' registry entry.
    chart?.destroy();
  }
}

/** Draws several specs in order. */
export async function drawCharts(specs: readonly ChartSpec[]): Promise<RenderedChart[]> {
  const out: RenderedChart[] = [];
  for (const spec of specs) out.push(await drawChart(spec));
  return out;
}
