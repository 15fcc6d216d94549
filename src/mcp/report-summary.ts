import { z } from "zod";
import type { Claim } from "../report/claims/claim.js";
import type { ReportModel } from "../report/model.js";
import { PERIOD_INPUT, periodChoice } from "./period.js";
import { PROJECT_INPUT, projectFor } from "./project.js";
import { periodOf, reportModel } from "./report-data.js";
import { type Tool, UNITS } from "./tool.js";

const input = z.strictObject({ project: PROJECT_INPUT, ...PERIOD_INPUT });

/** Themes listed; the count says how many there are in all. */
const THEMES = 10;

/** A claim as the model reads it: its sentence, then its kind and figures (the rows it cites left out). */
function claimOf(text: string, claim: Claim) {
  const { rows: _rows, subjects: _subjects, ...facts } = claim;
  return { text, ...facts };
}

/** The summary of a model: the report's claims, the targets' status and the opportunities. */
export function summaryOf(model: ReportModel) {
  return {
    project: model.cover.project,
    brand: model.cover.brand,
    period: periodOf(model),
    claims: model.findings.map((f) => claimOf(f.text, f.claim)),
    targets: model.targets.ok ? model.targets.value : { unavailable: model.targets.reason },
    opportunities: model.themes.ok
      ? {
          prompts: model.opportunities.ok ? model.opportunities.value.length : 0,
          themes: model.themes.value.length,
          top_themes: model.themes.value.slice(0, THEMES).map((t) => ({
            theme: t.key,
            prompts: t.prompts.length,
            example_prompts: t.prompts.slice(0, 3).map((p) => p.prompt_text),
            answers: t.snapshots,
            gap_answers: t.gapAnswers,
            competitors: t.competitors.slice(0, 3),
            action: t.action,
            ...(t.done
              ? { done: { label: t.done.entry.label, date: t.done.entry.date, change: t.done.change } }
              : {}),
          })),
        }
      : { unavailable: model.themes.reason },
    not_in_report: model.omitted,
  };
}

/** `report_summary`: what the report's executive summary says, with the figures behind each sentence. */
export const reportSummaryTool: Tool<typeof input> = {
  name: "report_summary",
  description: `The report's executive summary for a project and period, as \`vreport generate\` writes it: each claim's sentence with its kind and figures (current, previous, delta, stats with the 95% interval and significance), the agency's targets with their status (on_track, at_risk, off_track, no_data), and the opportunities grouped into themes with one suggested action each. A change is claimed only when the service flags it significant. ${UNITS}`,
  input,
  async run(args, ctx) {
    const period = periodChoice(args);
    const project = await projectFor(ctx, args.project);
    const model = await reportModel(ctx, project, period);
    return { data: summaryOf(model) };
  },
};
