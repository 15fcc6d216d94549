import type { TargetMetric } from "../../config/targets.js";
import { platformName } from "../../format/figures.js";
import { countOf } from "../../format/plural.js";
import type { ReportModel } from "../../report/model.js";
import type { DraftBlock, Kpi } from "../types.js";
import { col, fromSections, type SectionDrafter, tableOf, workbookOnly } from "./_helpers.js";

const METRIC_LABELS: Record<TargetMetric, string> = {
  mention_rate: "Mention rate",
  citation_rate: "Citation rate",
  share_of_voice: "Share of voice",
};

/**
 * The scorecard of the agency's targets (docs/targets.md): target, rate, gap and status in words.
 * A gap that is within the rate's interval (at risk) is printed grey, like a change that is not
 * significant: the sample does not show the rate to be short.
 */
function targetsTable(model: ReportModel): DraftBlock[] {
  const checks = model.targets.ok ? model.targets.value : [];
  if (checks.length === 0) return [];
  const rows = checks.map((c) => ({
    scope: c.platform === null ? "All platforms" : platformName(c.platform),
    metric: METRIC_LABELS[c.metric],
    target: c.target,
    value: c.value,
    gap: c.gap,
    decided: c.status !== "at_risk",
    status: c.status,
    low: c.low,
    high: c.high,
  }));
  return [
    tableOf(
      "targets",
      [
        col("scope", "Scope", "text"),
        col("metric", "Metric", "text"),
        col("target", "Target", "percent"),
        col("value", "This period", "percent"),
        { ...col("gap", "Gap", "delta_pp"), significance: "decided" },
        col("status", "Status", "status"),
        workbookOnly(col("low", "95% low", "percent")),
        workbookOnly(col("high", "95% high", "percent")),
      ],
      rows,
      "No targets are set.",
      {
        title: "Targets",
        note: "On track: the rate reaches its target. At risk: it falls short, but the target lies within its 95 % interval. Off track: the whole interval lies below the target.",
      },
    ),
  ];
}

/** Headline KPIs: mention rate, citation rate, share of voice and snapshots, each with its change. */
export const summary: SectionDrafter = (model) =>
  fromSections("summary", model, (s) => {
    const kpis: Kpi[] = s.summary.rows.map((r) => ({
      label: r.label,
      value: r.current,
      type: "percent",
      previous: r.previous,
      delta: r.delta,
      deltaType: "delta_pp",
      change: {
        low: r.stats.delta_low,
        high: r.stats.delta_high,
        significant: r.stats.significant,
        answers: r.stats.answers,
        prompts: r.stats.prompts,
      },
    }));
    const snap = s.summary.totals.snapshots;
    kpis.push({
      label: "Answers analysed",
      value: snap.current,
      type: "count",
      previous: snap.previous,
      delta: snap.delta,
      deltaType: "delta_count",
    });
    if (snap.current === 0) {
      return [{ kind: "notice", text: "No answers were collected in this period." }];
    }
    return [
      { kind: "kpis", items: kpis },
      ...targetsTable(model),
      {
        kind: "paragraph",
        text: `${countOf(s.summary.totals.prompts, "tracked prompt")} on ${countOf(s.summary.totals.platforms, "platform")}, compared with ${countOf(s.summary.totals.competitors, "competitor")}.`,
      },
    ];
  });
