import { createCanvas } from "@napi-rs/canvas";
import { type Chart, type LayoutItem, layouts, type Plugin } from "chart.js";
import type { ChartSpec } from "../types.js";
import { FONT_FAMILY } from "./_setup.js";
import { shortLabel } from "./_ticks.js";

/**
 * The agency's changes on a line chart (docs/changes.md) as numbered markers with a key under the
 * chart (docs/decisions.md, "Layout of the page formats"): a dashed line at the change's point, its
 * number in a band of its own above the plot (so it never covers the data or another number), and
 * "1 Attribution guide hub live" in the key below the x axis. Drawn on the canvas, so every
 * format shows them from the one spec.
 */

const RADIUS = 7;
/** One row of numbers in the band: a circle and a little air. */
const ROW_PX = 2 * RADIUS + 4;
const KEY_FONT = `11px ${FONT_FAMILY}`;
const KEY_LINE_PX = 16;
const KEY_GAP_PX = 18;
/** The key's padding above its first line and below its last. */
const KEY_PAD_PX = 6;
/** The plot is at most this much narrower than the image (y axis ticks, paddings): errs towards more rows. */
const AXIS_ALLOWANCE_PX = 110;
const INK = "#333333";

type Markers = NonNullable<ChartSpec["markers"]>;

/** One entry of the key: the marker's number and its label. */
interface KeyItem {
  number: number;
  text: string;
  width: number;
}

/** Where each marker's number sits and how the key is laid out, computed before drawing. */
export interface MarkerLayout {
  /** Row in the band (0 nearest the plot) of each marker, in the spec's order. */
  rows: number[];
  bandPx: number;
  /** The key's lines, each a run of items left to right. */
  keyLines: KeyItem[][];
  keyPx: number;
}

let scratch: ReturnType<ReturnType<typeof createCanvas>["getContext"]> | undefined;
/** Width of `text` in the key's font, measured as the chart will draw it. */
function keyWidth(text: string): number {
  scratch ??= createCanvas(1, 1).getContext("2d");
  scratch.font = KEY_FONT;
  return scratch.measureText(text).width;
}

/**
 * The band's rows and the key's lines of `spec`'s markers at its width: two numbers closer than a
 * circle's width go on different rows; key items wrap onto lines as wide as the image.
 */
export function markerLayout(spec: ChartSpec): MarkerLayout {
  const markers: Markers = spec.markers ?? [];
  if (markers.length === 0) return { rows: [], bandPx: 0, keyLines: [], keyPx: 0 };
  const steps = Math.max(1, spec.labels.length - 1);
  const pitch = Math.max(1, spec.width - AXIS_ALLOWANCE_PX) / steps;
  const lastX: number[] = [];
  const order = markers.map((m, i) => ({ x: m.index * pitch, i })).sort((a, b) => a.x - b.x || a.i - b.i);
  const rows: number[] = new Array(markers.length).fill(0);
  for (const { x, i } of order) {
    let row = 0;
    while (lastX[row] !== undefined && x - lastX[row]! < ROW_PX + 2) row++;
    lastX[row] = x;
    rows[i] = row;
  }
  const keyLines: KeyItem[][] = [[]];
  let used = 0;
  const room = spec.width - 16;
  markers.forEach((m, i) => {
    const text = shortLabel(m.label);
    const width = 2 * RADIUS + 5 + keyWidth(text);
    const line = keyLines.at(-1)!;
    if (line.length > 0 && used + KEY_GAP_PX + width > room) {
      keyLines.push([]);
      used = 0;
    }
    used += (keyLines.at(-1)!.length > 0 ? KEY_GAP_PX : 0) + width;
    keyLines.at(-1)!.push({ number: i + 1, text, width });
  });
  return {
    rows,
    bandPx: (Math.max(...rows) + 1) * ROW_PX + 2,
    keyLines,
    keyPx: keyLines.length * KEY_LINE_PX + 2 * KEY_PAD_PX,
  };
}

/** A box of Chart.js' layout `px` tall at `position`: room the plot gives up for the band or the key. */
function reserved(position: "top" | "bottom", px: number, weight: number): LayoutItem {
  const box = {
    position,
    weight,
    // Chart.js' layout reads a box's stacking options; these boxes stack with nothing.
    options: {},
    fullSize: position === "bottom",
    top: 0,
    left: 0,
    right: 0,
    bottom: 0,
    width: 0,
    height: 0,
    isHorizontal: () => true,
    update(width: number) {
      box.width = width;
      box.height = px;
    },
    draw() {},
  };
  return box as unknown as LayoutItem;
}

function circle(chart: Chart, x: number, y: number, n: number): void {
  const { ctx } = chart;
  ctx.fillStyle = INK;
  ctx.beginPath();
  ctx.arc(x, y, RADIUS, 0, 2 * Math.PI);
  ctx.fill();
  ctx.fillStyle = "#ffffff";
  ctx.font = `bold 10px ${FONT_FAMILY}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(String(n), x, y + 0.5);
}

/** The plugin drawing `spec`'s markers as `layout` places them. */
export function markersPlugin(markers: Markers, layout: MarkerLayout): Plugin {
  let band: LayoutItem | undefined;
  let key: LayoutItem | undefined;
  return {
    id: "vreportMarkers",
    beforeInit(chart) {
      // Nearest the plot above it (below the legend), and below the x axis' ticks.
      band = reserved("top", layout.bandPx, -10);
      key = reserved("bottom", layout.keyPx, 10);
      layouts.addBox(chart, band);
      layouts.addBox(chart, key);
    },
    afterDatasetsDraw(chart) {
      const { ctx, chartArea: area, scales } = chart;
      const x = scales.x;
      if (!x || !band || !key) return;
      ctx.save();
      markers.forEach((m, i) => {
        const px = x.getPixelForValue(m.index);
        ctx.strokeStyle = "#555555";
        ctx.lineWidth = 1;
        ctx.setLineDash([3, 3]);
        ctx.beginPath();
        ctx.moveTo(px, area.top);
        ctx.lineTo(px, area.bottom);
        ctx.stroke();
        // A dash left set would reach what is drawn next: the number's circle and its text.
        ctx.setLineDash([]);
        circle(chart, px, band!.bottom - 2 - RADIUS - layout.rows[i]! * ROW_PX, i + 1);
      });
      let y = key!.top + KEY_PAD_PX + KEY_LINE_PX / 2;
      for (const line of layout.keyLines) {
        let left = key!.left + 8;
        for (const item of line) {
          circle(chart, left + RADIUS, y, item.number);
          ctx.fillStyle = INK;
          ctx.font = KEY_FONT;
          ctx.textAlign = "left";
          ctx.textBaseline = "middle";
          ctx.fillText(item.text, left + 2 * RADIUS + 5, y + 0.5);
          left += item.width + KEY_GAP_PX;
        }
        y += KEY_LINE_PX;
      }
      ctx.restore();
    },
  };
}
