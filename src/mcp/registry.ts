import { endpointTools } from "./endpoint-tools.js";
import { explainChangeTool } from "./explain-change.js";
import { generateReportTool } from "./generate-report-tool.js";
import { reportSummaryTool } from "./report-summary.js";
import type { Tool } from "./tool.js";

/**
 * Every tool the server offers, in the order it lists them: one per read endpoint of the spec,
 * then the three that think like the report. docs/mcp.md's tool list is generated from this
 * registry (and a test holds the two equal).
 */
export function toolRegistry(): Tool[] {
  return [...endpointTools(), reportSummaryTool, explainChangeTool, generateReportTool] as Tool[];
}
