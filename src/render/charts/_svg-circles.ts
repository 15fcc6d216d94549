/**
 * Skia's SVG writes a circle (a line chart's point, a legend's dot) as 64 quadratic curves, about
 * 2.6 KB of path data whatever its size: a 90-day trend's points were most of its 250 KB. SVG
 * draws a circle with two arcs, so each path that is one closed circle is written that way
 * (docs/jobs.md, "Throughput"); every other path is left as Skia wrote it.
 */

const NUMBER = String.raw`-?\d+(?:\.\d+)?(?:e-?\d+)?`;
/** A `d` attribute of one subpath: a move, then quadratic curves only, optionally closed. */
const QUADS_ONLY = new RegExp(
  `d="M(${NUMBER} ${NUMBER})((?:Q${NUMBER} ${NUMBER} ${NUMBER} ${NUMBER})+)Z?"`,
  "g",
);

/** Fewer curves than this is not how Skia writes a circle; such a path is left alone. */
const MIN_CURVES = 8;

/** Each path of `svg` that is one closed circle, written as two arcs. */
export function circlesAsArcs(svg: string): string {
  return svg.replace(QUADS_ONLY, (whole, start: string, curves: string) => {
    const circle = circleOf(start, curves);
    if (circle === null) return whole;
    const { cx, cy, r } = circle;
    const [east, west] = [`${num(cx + r)} ${num(cy)}`, `${num(cx - r)} ${num(cy)}`];
    const arc = `A${num(r)} ${num(r)} 0 1 1`;
    return `d="M${east}${arc} ${west}${arc} ${east}Z"`;
  });
}

/** The circle through the curves' end points, if they close on one within a hair. */
function circleOf(start: string, curves: string): { cx: number; cy: number; r: number } | null {
  const values = curves.slice(1).split("Q");
  if (values.length < MIN_CURVES) return null;
  const points: [number, number][] = [pair(start)];
  for (const v of values) {
    const [, , x, y] = v.split(" ").map(Number);
    points.push([x!, y!]);
  }
  const [first, last] = [points[0]!, points[points.length - 1]!];
  // The end points lie evenly round the circle (the closing one repeats the first): their mean
  // is its centre, their mean distance from it its radius.
  const round = points.slice(0, -1);
  const cx = round.reduce((sum, [x]) => sum + x, 0) / round.length;
  const cy = round.reduce((sum, [, y]) => sum + y, 0) / round.length;
  const r = round.reduce((sum, [x, y]) => sum + Math.hypot(x - cx, y - cy), 0) / round.length;
  const tolerance = 0.01 + r * 0.005;
  if (!(r > 0) || Math.hypot(first[0] - last[0], first[1] - last[1]) > tolerance) return null;
  for (const [x, y] of points) if (Math.abs(Math.hypot(x - cx, y - cy) - r) > tolerance) return null;
  return { cx, cy, r };
}

const pair = (text: string): [number, number] => {
  const [x, y] = text.split(" ").map(Number);
  return [x!, y!];
};

/** A coordinate as SVG wants it: short, and never in exponent notation. */
const num = (n: number): string => String(Math.round(n * 1000) / 1000);
