import type { SKRSContext2D } from "@napi-rs/canvas";
import { InvariantError } from "../../contract/index.js";

/** A context to draw on, and its device pixels per CSS pixel (its canvas is `scale`× the CSS size). */
export interface Target {
  ctx: SKRSContext2D;
  scale: number;
  /**
   * An SVG canvas whose dashed strokes are written as `stroke-dasharray`: Skia's SVG writes a
   * dashed stroke as one filled polygon per dash, several KB a line where a dash attribute takes
   * a few bytes (docs/jobs.md, "Throughput"). Such a stroke is drawn
   * solid with a marker width (MARK_WIDTH + its index in `dashes`); `dashedSvg` then writes each
   * marker back as the stroke's width and dash.
   */
  dashes?: DashMark[];
}

/** A dashed stroke drawn solid on an SVG target: its real width and its dash. */
export interface DashMark {
  width: number;
  segments: number[];
  offset: number;
}

/** Stroke widths from here up mark dashed strokes on an SVG target: no chart draws one this wide. */
const MARK_WIDTH = 100_000;

/** Methods that stroke: on an SVG target with a dash set, they draw with a marker width. */
const STROKES = new Set(["stroke", "strokeRect", "strokeText"]);

/**
 * `svg` with each marker width of `marks` written back as the stroke's width and dash; throws if
 * it holds a marker no stroke set (the drawing and its marks do not belong together).
 */
export function dashedSvg(svg: string, marks: readonly DashMark[]): string {
  if (marks.length === 0) return svg;
  return svg.replace(/stroke-width="(\d+)"/g, (whole, value: string) => {
    const n = Number(value);
    if (n < MARK_WIDTH) return whole;
    const mark = marks[n - MARK_WIDTH];
    if (mark === undefined) throw new InvariantError(`an SVG chart holds a dash marker no stroke set (${n})`);
    const offset = mark.offset === 0 ? "" : ` stroke-dashoffset="${mark.offset}"`;
    return `stroke-width="${mark.width}" stroke-dasharray="${mark.segments.join(" ")}"${offset}`;
  });
}

/** Methods whose result belongs to one context: a chart drawn through a tee uses plain colours only. */
const ONE_CONTEXT = new Set([
  "createLinearGradient",
  "createRadialGradient",
  "createConicGradient",
  "createPattern",
  "getImageData",
  "putImageData",
  "createImageData",
  "getTransform",
]);

/**
 * A 2D context that draws each call on every target at once, each at its own scale: Chart.js lays
 * a chart out once (at 1 device pixel per CSS pixel) and it is drawn as an SVG and as a 2× PNG in
 * the same pass, where drawing it twice cost twice Chart.js' layout, most of a chart's Node time
 * (docs/jobs.md, "Throughput"). A target's transforms are its own scale times the ones set.
 *
 * Reads (`measureText`, the current style) answer from the first target: every target draws the
 * same text in the same fonts; the dash, which a target with `dashes` does not hold, from the tee. `canvas` is a stand-in of the CSS size whose `getContext` is this
 * context: Chart.js sizes the chart from it and sets its size again, which must not resize (and
 * clear) the real canvases.
 */
export function teeContext(targets: readonly Target[], width: number, height: number): SKRSContext2D {
  const [first] = targets;
  if (first === undefined) throw new InvariantError("a tee needs a context to draw on");
  const forwarders = new Map<PropertyKey, (...args: unknown[]) => unknown>();
  // The dash as set through the tee, saved and restored with the rest of the state: an SVG target
  // with `dashes` never has it set on its canvas (Target.dashes).
  let dash = { segments: [] as number[], offset: 0 };
  const saved: (typeof dash)[] = [];
  const plain = targets.filter((t) => t.dashes === undefined);
  const strokeOn = ({ ctx, dashes }: Target, name: string, args: unknown[]): unknown => {
    const method = Reflect.get(ctx, name) as (...a: unknown[]) => unknown;
    if (dashes === undefined || dash.segments.length === 0) return method.apply(ctx, args);
    const width = ctx.lineWidth;
    ctx.lineWidth = MARK_WIDTH + dashes.length;
    dashes.push({ width, segments: [...dash.segments], offset: dash.offset });
    try {
      return method.apply(ctx, args);
    } finally {
      ctx.lineWidth = width;
    }
  };
  const forwarder = (name: string): ((...args: unknown[]) => unknown) => {
    if (ONE_CONTEXT.has(name))
      return () => {
        throw new InvariantError(`a chart drawn on several canvases cannot use ${name}`);
      };
    if (name === "setTransform" || name === "resetTransform")
      return (...m: unknown[]) => {
        if (name === "setTransform" && m.length !== 6)
          throw new InvariantError("setTransform takes six numbers on a chart's tee");
        const [a, b, c, d, e, f] = name === "resetTransform" ? [1, 0, 0, 1, 0, 0] : (m as number[]);
        for (const { ctx, scale: s } of targets)
          ctx.setTransform(a! * s, b! * s, c! * s, d! * s, e! * s, f! * s);
      };
    if (name === "setLineDash")
      return (segments: unknown) => {
        dash = { ...dash, segments: [...(segments as number[])] };
        for (const { ctx } of plain) ctx.setLineDash(dash.segments);
      };
    if (name === "getLineDash") return () => [...dash.segments];
    const push = name === "save" ? () => saved.push(dash) : undefined;
    const pop = name === "restore" ? () => (dash = saved.pop() ?? dash) : undefined;
    const strokes = STROKES.has(name);
    return (...args: unknown[]) => {
      push?.();
      pop?.();
      let result: unknown;
      targets.forEach((target, i) => {
        const out = strokes
          ? strokeOn(target, name, args)
          : (Reflect.get(target.ctx, name) as (...a: unknown[]) => unknown).apply(target.ctx, args);
        if (i === 0) result = out;
      });
      return result;
    };
  };
  let tee: SKRSContext2D;
  const canvas = { width, height, getContext: () => tee };
  tee = new Proxy(first.ctx, {
    get(target, prop) {
      if (prop === "canvas") return canvas;
      if (prop === "lineDashOffset") return dash.offset;
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function" || typeof prop !== "string") return value;
      const known = forwarders.get(prop);
      if (known) return known;
      const f = forwarder(prop);
      forwarders.set(prop, f);
      return f;
    },
    set(_target, prop, value) {
      if (prop === "lineDashOffset") {
        dash = { ...dash, offset: Number(value) };
        for (const { ctx } of plain) ctx.lineDashOffset = dash.offset;
        return true;
      }
      for (const { ctx } of targets) Reflect.set(ctx, prop, value, ctx);
      return true;
    },
  });
  return tee;
}
