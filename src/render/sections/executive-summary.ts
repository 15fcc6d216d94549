import type { DraftBlock } from "../types.js";
import type { SectionDrafter } from "./_helpers.js";

/**
 * The rule-based findings in report order, then what the report leaves out and why (a scope the
 * key lacks): a summary must not read as complete when whole parts are missing.
 */
export const executiveSummary: SectionDrafter = (model, lang) => {
  const m = lang.m.executiveSummary;
  const blocks: DraftBlock[] = [];
  if (model.findings.length > 0) {
    blocks.push({ kind: "bullets", items: model.findings.map((f) => f.text) });
    // The summary is where pp, intervals, significance and share of voice are first used; a
    // period without answers uses none of them.
    if (model.findings.some((f) => f.claim.kind !== "no-answers"))
      blocks.push({ kind: "paragraph", text: m.glossary });
  }
  if (model.omitted.length > 0) blocks.push({ kind: "notice", text: m.notInReport(model.omitted) });
  if (blocks.length === 0) blocks.push({ kind: "notice", text: m.notEnoughData });
  return { key: "executive_summary", title: lang.m.sections.executive_summary, blocks };
};
