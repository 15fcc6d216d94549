import type { Plugin } from "chart.js";
import type { ChartSpec } from "../types.js";
import { FONT_FAMILY } from "./_setup.js";
import { shortLabel } from "./_ticks.js";

/** Label rows the markers' texts cycle through, so markers close together do not print over each other. */
const LABEL_ROWS = 3;
const LINE_HEIGHT = 12;
/** From a label row's top to its text's baseline, for 10 px text. */
const BASELINE = 9;

/**
 * Draws the spec's markers (the agency's changes, docs/changes.md): a dashed vertical line at the
 * x of the marker's point and its label beside it, on whatever canvas the chart is drawn (PNG or
 * SVG), so every format shows them from the one spec.
 */
export function markersPlugin(markers: NonNullable<ChartSpec["markers"]>): Plugin {
  return {
    id: "vreportMarkers",
    afterDatasetsDraw(chart) {
      const { ctx, chartArea: area, scales } = chart;
      const x = scales.x;
      if (!x) return;
      ctx.save();
      ctx.font = `10px ${FONT_FAMILY}`;
      markers.forEach((m, i) => {
        const px = x.getPixelForValue(m.index);
        ctx.strokeStyle = "#555555";
        ctx.lineWidth = 1;
        ctx.setLineDash([3, 3]);
        ctx.beginPath();
        ctx.moveTo(px, area.top);
        ctx.lineTo(px, area.bottom);
        ctx.stroke();
        // A dash left set would reach the text, which Skia's SVG then writes as paths, not text.
        ctx.setLineDash([]);
        // Right of the line in the chart's left half, left of it in the right half: it stays inside.
        const right = px < (area.left + area.right) / 2;
        ctx.textAlign = right ? "left" : "right";
        ctx.textBaseline = "alphabetic";
        const text = shortLabel(m.label);
        const tx = px + (right ? 3 : -3);
        const ty = area.top + 2 + (i % LABEL_ROWS) * LINE_HEIGHT;
        // A light box under the text keeps it readable where it crosses a line of the chart.
        const w = ctx.measureText(text).width;
        ctx.fillStyle = "rgba(255, 255, 255, 0.85)";
        ctx.fillRect(right ? tx - 1 : tx - w - 1, ty - 1, w + 2, LINE_HEIGHT);
        ctx.fillStyle = "#333333";
        ctx.fillText(text, tx, ty + BASELINE);
      });
      ctx.restore();
    },
  };
}
