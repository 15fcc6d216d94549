import type { SectionKey } from "../../config/section-keys.js";
import { dayIn, type RateStats, type ReportPeriod } from "../../contract/index.js";
import type { Lang, Plural } from "../../format/i18n/index.js";
import type { CellValue, ValueType } from "../../format/value-type.js";
import { reasonIn } from "../../report/missing.js";
import type { ApiSections, Available, ReportModel } from "../../report/model.js";
import { described } from "../chart-alt.js";
import type { ChartSpec, Column, DraftBlock, SectionDraft, Whose, WhoseOf } from "../types.js";

/**
 * The words of the period `model` is compared with: the period before, or the same days a year
 * earlier (docs/decisions.md#period).
 */
export function versusOf(model: ReportModel, lang: Lang): Lang["m"]["versus"]["previous"] {
  return lang.m.versus[model.cover.period?.compare ?? "previous"];
}

/**
 * A drafter turns the model into one section's draft (no output yet) in the report's language
 * (every word from `lang`'s catalogue, docs/i18n.md); the table holds one per key.
 */
export type SectionDrafter = (model: ReportModel, lang: Lang) => SectionDraft;

/**
 * The workbook-only columns of a rate's stats (docs/metrics.md, "Intervals and significance"):
 * the rate's 95 % interval, its change's interval and the significance flag.
 */
export function statColumns(prefix: string, rate: keyof StatNames, lang: Lang): Column[] {
  const s = lang.m.stats;
  const label = s[rate];
  return [
    workbookOnly(col(`${prefix}_low`, s.low(label), "percent")),
    workbookOnly(col(`${prefix}_high`, s.high(label), "percent")),
    workbookOnly(col(`${prefix}_delta_low`, s.deltaLow(label), "delta_pp")),
    workbookOnly(col(`${prefix}_delta_high`, s.deltaHigh(label), "delta_pp")),
    { ...workbookOnly(col(`${prefix}_significant`, s.significant(label), "boolean")), comparison: true },
  ];
}

/** The rates whose interval columns a table may have. */
type StatNames = Pick<Lang["m"]["stats"], "mention" | "citation" | "share">;

/** The cells of `statColumns(prefix, …)` for one row. */
export function statCells(prefix: string, s: RateStats): Record<string, CellValue> {
  return {
    [`${prefix}_low`]: s.low,
    [`${prefix}_high`]: s.high,
    [`${prefix}_delta_low`]: s.delta_low,
    [`${prefix}_delta_high`]: s.delta_high,
    [`${prefix}_significant`]: s.significant,
  };
}

/**
 * The workbook-only columns of a table of rates per group (platforms, categories): the sample size
 * (prompts with answers, the clusters of the intervals), then the mention and citation rates' stats.
 */
export function rateStatColumns(lang: Lang): Column[] {
  return [
    workbookOnly(col("prompts", lang.m.columns.prompts, "count")),
    ...statColumns("mention", "mention", lang),
    ...statColumns("citation", "citation", lang),
  ];
}

/** An API row with the cells of `rateStatColumns` in place of its mention and citation stats. */
export function withRateStats<R extends { mention_stats: RateStats; citation_stats: RateStats }>({
  mention_stats,
  citation_stats,
  ...row
}: R) {
  return {
    ...row,
    prompts: mention_stats.prompts,
    ...statCells("mention", mention_stats),
    ...statCells("citation", citation_stats),
  };
}

/**
 * A change column whose colour follows the significance flag of `statCells(prefix, …)` and whose
 * figure it is (render/change-tone.ts: a competitor's gain is bad news).
 */
export function deltaCol(key: string, label: string, prefix: string, whose: WhoseOf = "client"): Column {
  return { ...col(key, label, "delta_pp"), significance: `${prefix}_significant`, whose };
}

/** A table's mention and citation rates with their changes (platforms, categories, competitors). */
export function rateColumns(lang: Lang, whose: WhoseOf = "client"): Column[] {
  const c = lang.m.columns;
  return [
    col("mention_rate", c.mentionRate, "percent"),
    deltaCol("mention_delta", c.deltaMention, "mention", whose),
    col("citation_rate", c.citationRate, "percent"),
    deltaCol("citation_delta", c.deltaCitation, "citation", whose),
  ];
}

/** A cited page's figures (your pages, competitor pages): citations, rate, prompts and changes. */
export function pageColumns(lang: Lang, whose: Whose = "client"): Column[] {
  const c = lang.m.columns;
  return [
    col("citations", c.citations, "count"),
    { ...col("citations_delta", c.deltaCitations, "delta_count"), whose },
    ...rateWithChange("citation_rate", c.citationRate, c.deltaRate, whose),
    col("unique_prompts", c.prompts, "count"),
  ];
}

/**
 * A rate and its change in points, keyed `key` and `key_delta`; `whose`, when given, is whose figure
 * the change is (render/change-tone.ts).
 */
export function rateWithChange(key: string, label: string, deltaLabel: string, whose?: Whose): Column[] {
  const delta = col(`${key}_delta`, deltaLabel, "delta_pp");
  return [col(key, label, "percent"), whose === undefined ? delta : { ...delta, whose }];
}

/** The column, shown in the workbook only (present.ts drops it from the page formats). */
export function workbookOnly(c: Column): Column {
  return { ...c, workbookOnly: true };
}

/** The column in the page formats only (render/types.ts, `pageOnly`). */
export function pageOnly(c: Column): Column {
  return { ...c, pageOnly: true };
}

/**
 * A report's range in words, as the cover and the methodology say it: a rolling range as "last 90
 * days", never its API code ("90d"); a custom period by its label ("October 2025").
 */
export function rangeInWords(range: string, period: ReportPeriod | null, lang: Lang): string {
  const days = /^(\d+)d$/.exec(range)?.[1];
  if (days !== undefined) return lang.m.cover.lastDays(Number(days));
  return period ? lang.f.periodLabel(period.label, period.start, period.end) : range;
}

/** Shorthand for a column. */
export function col(key: string, label: string, type: ValueType): Column {
  return { key, label, type };
}

/**
 * A table whose cells are the fields of `rows` its columns name, in the columns' order, and the
 * flags their `significance` names (a change's flag need not be a column): a drafter lists its
 * columns once instead of copying every field again.
 */
export function tableOf(
  id: string,
  columns: Column[],
  rows: readonly object[],
  emptyText: string,
  extra: {
    title?: string;
    note?: string;
    workbookOnly?: boolean;
    complete?: boolean;
    technical?: boolean;
    unit?: Plural;
  } = {},
): DraftBlock {
  return {
    kind: "table",
    id,
    ...(extra.title !== undefined ? { title: extra.title } : {}),
    columns,
    rows: rows.map((r) =>
      Object.fromEntries(
        [...columns.map((c) => c.key), ...columns.flatMap((c) => c.significance ?? [])].map((key) => [
          key,
          (r as Record<string, CellValue | undefined>)[key] ?? null,
        ]),
      ),
    ),
    emptyText,
    ...(extra.note !== undefined ? { note: extra.note } : {}),
    ...(extra.workbookOnly ? { workbookOnly: true } : {}),
    ...(extra.complete ? { complete: true } : {}),
    ...(extra.unit ? { unit: extra.unit } : {}),
    ...(extra.technical ? { technical: true } : {}),
  };
}

/** A bar chart of the mention and citation rate of each row (platforms, categories). */
export function ratesChart(
  spec: Pick<ChartSpec, "id" | "title" | "type" | "labels" | "height">,
  rows: readonly { mention_rate: number; citation_rate: number }[],
  lang: Lang,
): DraftBlock {
  return {
    kind: "chart",
    spec: described(
      {
        ...spec,
        datasets: [
          { label: lang.m.charts.mentionRate, data: rows.map((r) => r.mention_rate) },
          { label: lang.m.charts.citationRate, data: rows.map((r) => r.citation_rate) },
        ],
        valueType: "percent",
        width: 680,
      },
      lang,
    ),
  };
}

/** The notice shown instead of a section whose data is missing: words, never zeros. */
export function notice<T>(a: Available<T> & { ok: false }, lang: Lang): DraftBlock {
  return { kind: "notice", text: reasonIn(lang, a) };
}

/**
 * Renders a section from the API's report sections, or a notice when the report could not be
 * fetched (e.g. the key lacks visibility:read).
 */
export function fromSections(
  key: SectionKey,
  model: ReportModel,
  lang: Lang,
  body: (s: ApiSections) => DraftBlock[],
): SectionDraft {
  // The catalogue's title: in English the API's (the service takes it from the English catalogue),
  // one title per section in the JSON and in every format; in another language its own.
  return fromVisibility(key, model, lang, body);
}

/**
 * A section computed from the visibility data (the API's sections or the generator's own, such
 * as the opportunities): a notice when the report could not be fetched or the period is empty.
 */
export function fromVisibility(
  key: SectionKey,
  model: ReportModel,
  lang: Lang,
  body: (s: ApiSections) => DraftBlock[],
): SectionDraft {
  const title = lang.m.sections[key];
  const s = model.sections;
  if (!s.ok) return { key, title, blocks: [notice(s, lang)] };
  // Every rate of an empty period is 0 / 0: say so instead of printing zeros (docs/architecture.md, "Output conventions").
  if (s.value.summary.totals.snapshots.current === 0) {
    const p = model.cover.period;
    const n = lang.m.notices;
    const text = p ? n.noAnswersBetween(lang.f.date(p.start), lang.f.date(p.end)) : n.noAnswers;
    return { key, title, blocks: [{ kind: "notice", text }] };
  }
  return { key, title, blocks: body(s.value) };
}

/**
 * The calendar day of a timestamp in the report's timezone (docs/architecture.md, "Output conventions": dates in the workspace
 * timezone): `2026-11-22T05:51Z` is 2026-11-21 in Los Angeles. A bare date is already a day.
 */
export function localDay(value: string | null, timezone: string): string | null {
  if (value === null || /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : dayIn(timezone, at);
}

/** Series colours: the accent first, then a palette readable in print and by colour-blind readers. */
export const PALETTE = [
  "#2f6fed",
  "#f28e2b",
  "#59a14f",
  "#e15759",
  "#76b7b2",
  "#edc948",
  "#b07aa1",
  "#9c755f",
] as const;

/** A buyer stage as readers see it, the same in the content map and the content lists ("Decision"). */
export function stageLabel(stage: string | null | undefined, lang: Lang): string {
  return stage ? (lang.m.values.stages[stage] ?? stage) : "";
}
