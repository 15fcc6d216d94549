import type { SKRSContext2D } from "@napi-rs/canvas";
import { InvariantError } from "../../contract/index.js";

/** A context to draw on, and its device pixels per CSS pixel (its canvas is `scale`× the CSS size). */
export interface Target {
  ctx: SKRSContext2D;
  scale: number;
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
 * same text in the same fonts. `canvas` is a stand-in of the CSS size whose `getContext` is this
 * context: Chart.js sizes the chart from it and sets its size again, which must not resize (and
 * clear) the real canvases.
 */
export function teeContext(targets: readonly Target[], width: number, height: number): SKRSContext2D {
  const [first] = targets;
  if (first === undefined) throw new InvariantError("a tee needs a context to draw on");
  const forwarders = new Map<PropertyKey, (...args: unknown[]) => unknown>();
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
    return (...args: unknown[]) => {
      let result: unknown;
      targets.forEach(({ ctx }, i) => {
        const out = (Reflect.get(ctx, name) as (...a: unknown[]) => unknown).apply(ctx, args);
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
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function" || typeof prop !== "string") return value;
      const known = forwarders.get(prop);
      if (known) return known;
      const f = forwarder(prop);
      forwarders.set(prop, f);
      return f;
    },
    set(_target, prop, value) {
      for (const { ctx } of targets) Reflect.set(ctx, prop, value, ctx);
      return true;
    },
  });
  return tee;
}
