import type { SectionRenderer } from "./_helpers.js";

/** The rule-based findings, positive ones first within their original order. */
export const executiveSummary: SectionRenderer = (model) => ({
  key: "executive_summary",
  title: "Executive summary",
  blocks:
    model.findings.length > 0
      ? [{ kind: "bullets", items: model.findings.map((f) => f.text) }]
      : [{ kind: "notice", text: "There is not enough data in this period for a summary." }],
});
