import { createCanvas, SvgExportFlag } from "@napi-rs/canvas";
import { Chart, type ChartConfiguration } from "chart.js";
import { CHART_IMAGE_KINDS, type ChartImageKind, type ChartSpec, type RenderedChart } from "../types.js";
import { chartConfig, TITLE_PX } from "./_config.js";
import { markerLayout } from "./_markers.js";
import { encodePng } from "./_png.js";
import { setupCharts } from "./_setup.js";
import { circlesAsArcs } from "./_svg-circles.js";
import { type DashMark, dashedSvg, type Target, teeContext } from "./_tee.js";
import { ChartRenderError, checkChartSpec } from "./chart-error.js";

export { ChartRenderError } from "./chart-error.js";

/**
 * The height of `spec`'s image: its plot's height plus the title drawn above it and, on a line
 * chart with the agency's changes, the band of their numbers and the key under the axis.
 */
export function imageHeight(spec: ChartSpec): number {
  const markers = markerLayout(spec);
  return spec.height + TITLE_PX + markers.bandPx + markers.keyPx;
}

/** Device pixels per CSS pixel of a chart's PNG: sharp on a high-density screen. */
const PNG_SCALE = 2;

const bytesOf = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

/**
 * Draws `spec` with Chart.js once, as every image kind in `kinds` (teeContext): an SVG at the
 * spec's size, a PNG at 2×. A PNG is compressed off the main thread (libuv's pool), so the next
 * chart is laid out while the last one is compressed (docs/jobs.md, "Throughput").
 */
async function draw(spec: ChartSpec, kinds: readonly ChartImageKind[]): Promise<RenderedChart["images"]> {
  const [width, height] = [Math.round(spec.width), Math.round(imageHeight(spec))];
  const svg = kinds.includes("svg") ? createCanvas(width, height, SvgExportFlag.NoPrettyXML) : undefined;
  const png = kinds.includes("png") ? createCanvas(width * PNG_SCALE, height * PNG_SCALE) : undefined;
  const dashes: DashMark[] = [];
  const targets: Target[] = [
    ...(svg ? [{ ctx: svg.getContext("2d"), scale: 1, dashes }] : []),
    ...(png ? [{ ctx: png.getContext("2d"), scale: PNG_SCALE }] : []),
  ];
  let chart: Chart | undefined;
  try {
    // Chart.js types its context as the DOM's; the Skia context implements what it draws with.
    // The per-type configs are checked in chartConfig; Chart's constructor cannot take their union.
    const ctx = teeContext(targets, width, height) as unknown as CanvasRenderingContext2D;
    chart = new Chart(ctx, chartConfig(spec) as ChartConfiguration);
    // Both read now: destroy() below clears the canvases.
    const svgBytes = svg
      ? Buffer.from(circlesAsArcs(dashedSvg(svg.getContent().toString("utf8"), dashes)))
      : undefined;
    const pngBytes = png ? encodePng(png.data(), png.width, png.height) : undefined;
    return {
      ...(svgBytes ? { svg: bytesOf(svgBytes) } : {}),
      ...(pngBytes ? { png: bytesOf(await pngBytes) } : {}),
    };
  } finally {
    // It also releases Chart.js' registry entry.
    chart?.destroy();
  }
}

/**
 * Draws one chart spec with Chart.js on @napi-rs/canvas, as each image kind in `kinds`: an SVG at
 * the spec size, a PNG at 2× the spec size.
 */
export async function drawChart(
  spec: ChartSpec,
  kinds: readonly ChartImageKind[] = CHART_IMAGE_KINDS,
): Promise<RenderedChart> {
  checkChartSpec(spec);
  setupCharts();
  let images: RenderedChart["images"];
  try {
    images = await draw(spec, kinds);
  } catch (error) {
    throw new ChartRenderError(spec.id, error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  }
  // The image's height, so every format shows it at its size.
  return { ...spec, height: Math.round(imageHeight(spec)), images };
}
