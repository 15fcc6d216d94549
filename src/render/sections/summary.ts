import { platformName } from "../../format/figures.js";
import type { Lang } from "../../format/i18n/index.js";
import type { ApiSections, ReportModel } from "../../report/model.js";
import type { DraftBlock, Kpi } from "../types.js";
import {
  col,
  fromSections,
  pageOnly,
  type SectionDrafter,
  tableOf,
  versusOf,
  workbookOnly,
} from "./_helpers.js";

/**
 * The scorecard of the agency's targets (docs/targets.md): target, rate, gap and status in words.
 * A gap whose target lies within the rate's interval is printed grey, like a change that is not
 * significant: the sample shows the rate neither short of the target (at risk) nor past it (on
 * track by a margin the interval spans).
 */
function targetsTable(model: ReportModel, lang: Lang): DraftBlock[] {
  const checks = model.targets.ok ? model.targets.value : [];
  if (checks.length === 0) return [];
  const { columns: k, summary: m } = lang.m;
  // The check's own fields fill the columns of the same name (tableOf reads only its columns).
  const rows = checks.map((c) => ({
    ...c,
    scope: c.platform === null ? lang.m.values.allPlatforms : platformName(c.platform),
    metric: lang.m.kpis.metrics[c.metric] ?? c.metric,
    // Coloured only when the interval settles which side of the target the rate is on.
    decided:
      c.low === null || c.high === null ? c.status !== "at_risk" : c.target < c.low || c.target > c.high,
    interval: c.low === null || c.high === null ? null : m.rateInterval(c.low, c.high),
  }));
  return [
    tableOf(
      "targets",
      [
        col("scope", k.scope, "text"),
        col("metric", k.metric, "text"),
        col("target", k.target, "percent"),
        col("value", k.thisPeriod, "percent"),
        { ...col("gap", k.gap, "delta_pp"), significance: "decided" },
        col("status", k.status, "status"),
        // A status rests on the rate's interval: the page shows it so the reader can check "at
        // risk" and "off track"; the workbook has its bounds as numbers instead.
        { ...pageOnly(col("interval", k.interval95, "text")), nowrap: true },
        workbookOnly(col("low", k.low95, "percent")),
        workbookOnly(col("high", k.high95, "percent")),
      ],
      rows,
      m.noTargets,
      { title: m.targets, note: m.targetsNote },
    ),
  ];
}

/**
 * The headline metrics as a data sheet for the workbook (the page formats show the KPI cards):
 * each rate this period and the previous one, its change, the 95 % intervals of the rate and of
 * the change, whether the change is significant, and the sample (docs/metrics.md).
 */
function headlineTable(s: ApiSections, versus: string, lang: Lang): DraftBlock {
  const { columns: k, kpis: w } = lang.m;
  return tableOf(
    "headline",
    [
      col("metric", w.metric, "text"),
      col("current", k.thisPeriod, "percent"),
      { ...col("previous", versus, "percent"), comparison: true },
      { ...col("delta", w.change, "delta_pp"), significance: "significant" },
      col("low", k.low95, "percent"),
      col("high", k.high95, "percent"),
      col("delta_low", w.changeLow, "delta_pp"),
      col("delta_high", w.changeHigh, "delta_pp"),
      { ...col("significant", w.significant, "boolean"), comparison: true },
      col("answers", w.answers, "count"),
      col("prompts", w.prompts, "count"),
    ],
    s.summary.rows.map((r) => ({
      metric: w.metrics[r.metric] ?? r.label,
      current: r.current,
      previous: r.previous,
      delta: r.delta,
      ...r.stats,
    })),
    lang.m.notices.noAnswers,
    { title: lang.m.summary.headline, workbookOnly: true },
  );
}

/** Headline KPIs: mention rate, citation rate, share of voice and snapshots, each with its change. */
export const summary: SectionDrafter = (model, lang) =>
  fromSections("summary", model, lang, (s) => {
    const kpis: Kpi[] = s.summary.rows.map((r) => ({
      // The API's label is English; the catalogue names the metric in the report's language.
      label: lang.m.kpis.metrics[r.metric] ?? r.label,
      value: r.current,
      type: "percent",
      previous: r.previous,
      delta: r.delta,
      deltaType: "delta_pp",
      // Without a previous value there is no change to call significant or not: no words for one.
      ...(r.previous === null || r.delta === null
        ? {}
        : {
            change: {
              low: r.stats.delta_low,
              high: r.stats.delta_high,
              significant: r.stats.significant,
              answers: r.stats.answers,
              prompts: r.stats.prompts,
            },
          }),
    }));
    const snap = s.summary.totals.snapshots;
    kpis.push({
      label: lang.m.kpis.answersAnalysed,
      value: snap.current,
      type: "count",
      previous: snap.previous,
      delta: snap.delta,
      deltaType: "delta_count",
      // How many answers were collected is the data's volume, neither good nor bad news for the client.
      whose: "neutral",
    });
    if (snap.current === 0) {
      return [{ kind: "notice", text: lang.m.notices.noAnswers }];
    }
    const versus = versusOf(model, lang).label;
    return [
      { kind: "kpis", items: kpis, versus },
      headlineTable(s, versus, lang),
      ...targetsTable(model, lang),
      // Said from its claim (docs/claims.md, "Section intros").
      ...model.intros
        .filter((f) => f.claim.kind === "scope")
        .map((f) => ({ kind: "paragraph" as const, text: f.text })),
    ];
  });
