import type { z } from "zod";
import type { VreportClient } from "../client/index.js";
import type { Project } from "../contract/index.js";
import type { ClientReport } from "../pipeline/client-reports.js";

/** What every tool may use: the typed client (with the key's scopes and pinning), the agency's settings. */
export interface ToolContext {
  client: VreportClient;
  /** The settings of a project's report (branding, targets, change log, page layout). */
  clientOf(project: Project): ClientReport;
  /** The embedded service's as-of day (`--as-of`): the day its periods end on. */
  asOf?: string;
  /** Where `generate_report` writes when its arguments name no folder. */
  outDir: string;
  /** Warnings and diagnostics: stderr, never stdout (the protocol's channel). */
  log(line: string): void;
  /** Set when the client cancels the call. */
  signal?: AbortSignal;
}

/** What a tool answers: a JSON object for the model, and a sentence on what to do next, if any. */
export interface ToolResult {
  data: unknown;
  note?: string;
}

/**
 * One MCP tool: its name, the description a model reads, the zod schema its arguments are checked
 * against before anything is called (the JSON Schema the client sees is derived from it), and the
 * function that answers.
 */
export interface Tool<S extends z.ZodObject = z.ZodObject> {
  name: string;
  description: string;
  input: S;
  run(args: z.output<S>, ctx: ToolContext, raw: Record<string, unknown>): Promise<ToolResult>;
}

/** Units every description states once (docs/mcp.md, "Units"). */
export const UNITS =
  "Rates and shares are fractions from 0 to 1 (0.423 = 42.3%); their changes (delta) are differences of fractions: 0.042 = +4.2 percentage points. A stats object gives the 95% interval (low/high, delta_low/delta_high) and whether the change is significant; say a rate changed only when significant is true.";
