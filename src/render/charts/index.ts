import { createCanvas, SvgExportFlag } from "@napi-rs/canvas";
import { Chart, type ChartConfiguration } from "chart.js";
import { VreportError } from "../../contract/index.js";
import { CHART_IMAGE_KINDS, type ChartImageKind, type ChartSpec, type RenderedChart } from "../types.js";
import { chartConfig, TITLE_PX } from "./_config.js";
import { markerLayout } from "./_markers.js";
import { encodePng } from "./_png.js";
import { setupCharts } from "./_setup.js";

/** Raised when a chart spec cannot be drawn (bad size); `cause` holds any underlying error. */
export class ChartRenderError extends VreportError {
  readonly code = "CHART_RENDER_FAILED";
  constructor(
    readonly chartId: string,
    message: string,
    options?: { cause: unknown },
  ) {
    super(`chart "${chartId}": ${message}`, options);
  }
}

/**
 * The height of `spec`'s image: its plot's height plus the title drawn above it and, on a line
 * chart with the agency's changes, the band of their numbers and the key under the axis.
 */
export function imageHeight(spec: ChartSpec): number {
  const markers = markerLayout(spec);
  return spec.height + TITLE_PX + markers.bandPx + markers.keyPx;
}

/**
 * Draws `spec` with Chart.js as one image `kind`. A PNG is compressed off the main thread (libuv's
 * pool): the compression is most of a chart's time, and a report's charts are drawn together, so
 * the next chart is laid out while the last one is compressed (docs/jobs.md, "Throughput").
 */
async function draw(spec: ChartSpec, kind: ChartImageKind): Promise<Uint8Array> {
  // A PNG canvas starts at the CSS size; Chart.js resizes it to 2× for `devicePixelRatio: 2` and
  // scales its context, so the spec stays in CSS pixels. An SVG is drawn at 1×: it has no pixels.
  const [width, height] = [Math.round(spec.width), Math.round(imageHeight(spec))];
  const svg = kind === "svg" ? createCanvas(width, height, SvgExportFlag.NoPrettyXML) : undefined;
  const png = svg ? undefined : createCanvas(width, height);
  let chart: Chart | undefined;
  try {
    // Chart.js types its context as the DOM's; the Skia context implements what it draws with.
    // The per-type configs are checked in chartConfig; Chart's constructor cannot take their union.
    const config = chartConfig(spec, svg ? 1 : 2) as ChartConfiguration;
    const ctx = (svg ?? png)!.getContext("2d");
    chart = new Chart(ctx as unknown as CanvasRenderingContext2D, config);
    const bytes = svg ? svg.getContent() : await encodePng(png!.data(), png!.width, png!.height);
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } finally {
    // destroy() clears the canvas, so only after encoding; it also releases Chart.js' registry entry.
    chart?.destroy();
  }
}

/**
 * Draws one chart spec with Chart.js on @napi-rs/canvas, as each image kind in `kinds`: a PNG at
 * 2× the spec size, or an SVG at the spec size.
 */
export async function drawChart(
  spec: ChartSpec,
  kinds: readonly ChartImageKind[] = CHART_IMAGE_KINDS,
): Promise<RenderedChart> {
  if (!(spec.width > 0 && spec.height > 0 && Number.isFinite(spec.width) && Number.isFinite(spec.height)))
    throw new ChartRenderError(spec.id, `invalid size ${spec.width}×${spec.height}`);
  setupCharts();
  const images: RenderedChart["images"] = {};
  try {
    const drawn = await Promise.all(kinds.map(async (kind) => [kind, await draw(spec, kind)] as const));
    for (const [kind, bytes] of drawn) images[kind] = bytes;
  } catch (error) {
    throw new ChartRenderError(spec.id, error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  }
  // The image's height, so every format shows it at its size.
  return { ...spec, height: Math.round(imageHeight(spec)), images };
}
