import { VreportError } from "../../contract/index.js";
import type { ChartSpec } from "../types.js";

/** Raised when a chart spec cannot be drawn (bad size); `cause` holds any underlying error. */
export class ChartRenderError extends VreportError {
  readonly code = "CHART_RENDER_FAILED";
  constructor(
    readonly chartId: string,
    /** What went wrong, without the chart's name: a drawing thread sends it back (./threads.ts). */
    readonly reason: string,
    options?: { cause: unknown },
  ) {
    super(`chart "${chartId}": ${reason}`, options);
  }
}

/** Throws ChartRenderError unless `spec` has a drawable size. */
export function checkChartSpec(spec: ChartSpec): void {
  if (!(spec.width > 0 && spec.height > 0 && Number.isFinite(spec.width) && Number.isFinite(spec.height)))
    throw new ChartRenderError(spec.id, `invalid size ${spec.width}×${spec.height}`);
}
