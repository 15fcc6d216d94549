import { applyReport } from "../../src/pipeline/apply.js";
import type { Backend } from "../../src/render/backends/backend.js";
import type { RenderOptions, ReportView } from "../../src/render/types.js";

/** Writes `view` through one backend as `generate` does; returns the report's path, then its assets'. */
export async function writeWith(
  backend: Backend,
  view: ReportView,
  outDir: string,
  options: RenderOptions & { timeoutMs?: number } = {},
): Promise<string[]> {
  const [written] = await applyReport(view, [backend], outDir, options);
  if (!written) throw new Error(`${backend.format} wrote no report`);
  return [written.path, ...written.assets];
}
