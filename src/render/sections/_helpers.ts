import type { SectionKey } from "../../config/section-keys.js";
import { dayIn, type RateStats, REPORT_SECTION_TITLES, type ReportSectionKey } from "../../contract/index.js";
import type { CellValue, ValueType } from "../../format/value-type.js";
import type { ApiSections, Available, ReportModel } from "../../report/model.js";
import { described } from "../chart-alt.js";
import type { ChartSpec, Column, DraftBlock, SectionDraft } from "../types.js";

/** A drafter turns the model into one section's draft (no output yet); the table holds one per key. */
export type SectionDrafter = (model: ReportModel) => SectionDraft;

/**
 * The workbook-only columns of a rate's stats (docs/metrics.md, "Intervals and significance"):
 * the rate's 95 % interval, its change's interval and the significance flag.
 */
export function statColumns(prefix: string, label: string): Column[] {
  return [
    workbookOnly(col(`${prefix}_low`, `${label} 95% low`, "percent")),
    workbookOnly(col(`${prefix}_high`, `${label} 95% high`, "percent")),
    workbookOnly(col(`${prefix}_delta_low`, `Δ ${label} 95% low`, "delta_pp")),
    workbookOnly(col(`${prefix}_delta_high`, `Δ ${label} 95% high`, "delta_pp")),
    workbookOnly(col(`${prefix}_significant`, `Δ ${label} significant`, "boolean")),
  ];
}

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

/** The workbook-only sample-size column: prompts with answers (the clusters of the intervals). */
export const PROMPTS_COLUMN: Column = workbookOnly(col("prompts", "Prompts", "count"));

/** A change column whose colour follows the significance flag of `statCells(prefix, …)`. */
export function deltaCol(key: string, label: string, prefix: string): Column {
  return { ...col(key, label, "delta_pp"), significance: `${prefix}_significant` };
}

/** The column, shown in the workbook only (present.ts drops it from the page formats). */
export function workbookOnly(c: Column): Column {
  return { ...c, workbookOnly: true };
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
  extra: { title?: string; note?: string; workbookOnly?: boolean; complete?: boolean } = {},
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
  };
}

/** A bar chart of the mention and citation rate of each row (platforms, categories). */
export function ratesChart(
  spec: Pick<ChartSpec, "id" | "title" | "type" | "labels" | "height">,
  rows: readonly { mention_rate: number; citation_rate: number }[],
): DraftBlock {
  return {
    kind: "chart",
    spec: described({
      ...spec,
      datasets: [
        { label: "Mention rate", data: rows.map((r) => r.mention_rate) },
        { label: "Citation rate", data: rows.map((r) => r.citation_rate) },
      ],
      valueType: "percent",
      width: 680,
    }),
  };
}

/** The notice shown instead of a section whose data is missing: words, never zeros. */
export function notice<T>(a: Available<T> & { ok: false }): DraftBlock {
  return { kind: "notice", text: a.reason };
}

/**
 * Renders a section from the API's report sections, or a notice when the report could not be
 * fetched (e.g. the key lacks visibility:read).
 */
export function fromSections(
  key: ReportSectionKey,
  model: ReportModel,
  body: (s: ApiSections) => DraftBlock[],
): SectionDraft {
  // The API's title: one title per section, in the JSON and in every format.
  return fromVisibility(key, REPORT_SECTION_TITLES[key], model, body);
}

/**
 * A section computed from the visibility data (the API's sections or the generator's own, such
 * as the opportunities): a notice when the report could not be fetched or the period is empty.
 */
export function fromVisibility(
  key: SectionKey,
  title: string,
  model: ReportModel,
  body: (s: ApiSections) => DraftBlock[],
): SectionDraft {
  const s = model.sections;
  if (!s.ok) return { key, title, blocks: [notice(s)] };
  // Every rate of an empty period is 0 / 0: say so instead of printing zeros (docs/architecture.md, "Output conventions").
  if (s.value.summary.totals.snapshots.current === 0) {
    const p = model.cover.period;
    const when = p ? ` (${p.start} – ${p.end})` : "";
    return {
      key,
      title,
      blocks: [{ kind: "notice", text: `No answers were collected in this period${when}.` }],
    };
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

const STAGE_LABELS: Record<string, string> = {
  AWARENESS: "Awareness",
  CONSIDERATION: "Consideration",
  DECISION: "Decision",
  BALANCED: "Balanced",
  NA: "Not staged",
};

/** A buyer stage as readers see it, the same in the content map and the content lists ("Decision"). */
export function stageLabel(stage: string | null | undefined): string {
  return stage ? (STAGE_LABELS[stage] ?? stage) : "";
}
