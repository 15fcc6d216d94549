import { InvariantError } from "../contract/index.js";
import type { ChartImageKind, RenderedChart } from "./types.js";

/** A drawn chart's image of `kind`; a chart drawn without it is a bug in the caller. */
export function chartImage(chart: RenderedChart, kind: ChartImageKind): Uint8Array {
  const image = chart.images[kind];
  if (image === undefined) throw new InvariantError(`chart "${chart.id}" was not drawn as ${kind}`);
  return image;
}
