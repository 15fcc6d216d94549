import { createCanvas, SvgExportFlag } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { circlesAsArcs } from "../../src/render/charts/_svg-circles.js";

/** What Skia's SVG writes for `draw` on a 20 × 20 canvas. */
function skiaSvg(draw: (ctx: ReturnType<ReturnType<typeof createCanvas>["getContext"]>) => void): string {
  const canvas = createCanvas(20, 20, SvgExportFlag.NoPrettyXML);
  const ctx = canvas.getContext("2d");
  ctx.beginPath();
  draw(ctx);
  ctx.fill();
  return canvas.getContent().toString("utf8");
}

const pathData = (svg: string) => [...svg.matchAll(/ d="([^"]*)"/g)].map((m) => m[1]);

describe("circlesAsArcs", () => {
  it("writes a circle Skia drew as 64 curves as two arcs", () => {
    const svg = skiaSvg((ctx) => ctx.arc(5, 6, 2, 0, Math.PI * 2));
    expect(pathData(svg)[0]!.split("Q")).toHaveLength(65);
    expect(pathData(circlesAsArcs(svg))).toEqual(["M7 6A2 2 0 1 1 3 6A2 2 0 1 1 7 6Z"]);
  });

  it("finds the circle whatever its size and wherever it starts", () => {
    const svg = skiaSvg((ctx) => ctx.arc(10, 10, 7.5, Math.PI / 3, Math.PI / 3 + Math.PI * 2));
    expect(pathData(circlesAsArcs(svg))).toEqual(["M17.5 10A7.5 7.5 0 1 1 2.5 10A7.5 7.5 0 1 1 17.5 10Z"]);
  });

  it("leaves an ellipse, a half circle and a rounded square as Skia wrote them", () => {
    for (const svg of [
      skiaSvg((ctx) => ctx.ellipse(10, 10, 6, 3, 0, 0, Math.PI * 2)),
      skiaSvg((ctx) => ctx.arc(10, 10, 6, 0, Math.PI)),
      skiaSvg((ctx) => ctx.roundRect(2, 2, 16, 16, 4)),
    ])
      expect(circlesAsArcs(svg)).toBe(svg);
  });
});
