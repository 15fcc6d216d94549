/**
 * A value that changes over time, anchored on the as-of day rather than on the start of the seeded
 * period: the demo's story (docs/demo-data.md) then reads the same whatever `days` a caller seeds,
 * and the last 90 days always hold the same events.
 */

import { InvariantError } from "../../../contract/index.js";

/** Knots `[offset, value]`, offsets in days relative to the as-of day (0 = as-of, -1 = the day before), ascending. */
export type Curve = readonly (readonly [offset: number, value: number])[];

/** A constant curve. */
export const flat = (value: number): Curve => [[0, value]];

/** The curve's value `offset` days from the as-of day: linear between knots, constant beyond the ends. */
export function curveAt(curve: Curve, offset: number): number {
  const first = curve[0];
  if (!first) throw new InvariantError("a curve needs at least one knot");
  if (offset <= first[0]) return first[1];
  for (let i = 1; i < curve.length; i++) {
    const [x1, y1] = curve[i]!;
    if (offset <= x1) {
      const [x0, y0] = curve[i - 1]!;
      return y0 + ((y1 - y0) * (offset - x0)) / (x1 - x0);
    }
  }
  return curve[curve.length - 1]![1];
}
