import type { DraftBlock } from "../types.js";
import type { SectionDrafter } from "./_helpers.js";

/**
 * The rule-based findings in report order, then what the report leaves out and why (a scope the
 * key lacks): a summary must not read as complete when whole parts are missing.
 */
export const executiveSummary: SectionDrafter = (model) => {
  const blocks: DraftBlock[] = [];
  if (model.findings.length > 0) blocks.push({ kind: "bullets", items: model.findings.map((f) => f.text) });
  if (model.omitted.length > 0)
    blocks.push({ kind: "notice", text: `Not in this report: ${model.omitted.join(" ")}` });
  if (blocks.length === 0)
    blocks.push({ kind: "notice", text: "There is not enough data in this period for a summary." });
  return { key: "executive_summary", title: "Executive summary", blocks };
};
