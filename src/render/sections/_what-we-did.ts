import { platformName } from "../../format/figures.js";
import {
  type ChangeImpact,
  type ChangeLogModel,
  WINDOW_DAYS,
  type WindowRate,
} from "../../report/change-log.js";
import type { TrendPoint } from "../../report/trend-points.js";
import type { ChartSpec, DraftBlock } from "../types.js";
import { col, tableOf } from "./_helpers.js";

/** The trend chart's markers: each entry at the point (day, or week) holding its date. */
export function changeMarkers(log: ChangeLogModel, points: readonly TrendPoint[]): ChartSpec["markers"] {
  return log.impacts.flatMap(({ entry }) => {
    const index = points.findIndex((pt) => pt.start <= entry.date && entry.date <= pt.end);
    return index === -1 ? [] : [{ index, label: entry.label }];
  });
}

/** What the entry was about: everything, a platform, or a category. */
function scopeOf({ entry }: ChangeImpact): string {
  if (entry.platform !== undefined) return platformName(entry.platform);
  if (entry.category !== undefined) return `Category: ${entry.category}`;
  return "All platforms";
}

/** "14 days" or "9 of 14 days", and whether it had answers. */
function windowText(w: WindowRate): string {
  const days = w.days === WINDOW_DAYS ? `${WINDOW_DAYS} days` : `${w.days} of ${WINDOW_DAYS} days`;
  return w.answers === 0 ? `${days}, no answers` : days;
}

/** What the rates rest on, in words: the days of each window, or why there are none. */
function basisOf(impact: ChangeImpact): string {
  const { before, after } = impact;
  if (before === null || after === null)
    return "no data: the report has daily figures for all platforms together only";
  const text = `before: ${windowText(before)}; after: ${windowText(after)}`;
  const partial = before.days < WINDOW_DAYS || after.days < WINDOW_DAYS;
  return partial && before.mentionRate !== null && after.mentionRate !== null
    ? `${text}; fewer than ${WINDOW_DAYS} days, no change shown`
    : text;
}

/**
 * The "What we did" table (docs/changes.md): each entry of the period with the mention rate in
 * its scope over the 14 days before and after it, and the change when both are whole.
 */
export function whatWeDidTable(log: ChangeLogModel): DraftBlock {
  return tableOf(
    "changes",
    [
      col("date", "Date", "date"),
      col("label", "What we did", "text"),
      col("scope", "Scope", "text"),
      col("before", `Mention rate, ${WINDOW_DAYS} days before`, "percent"),
      col("after", `Mention rate, ${WINDOW_DAYS} days after`, "percent"),
      // Two windows' difference, not tested for significance: never coloured as a rise or a fall.
      { ...col("change", "Change", "delta_pp"), significance: "tested" },
      col("basis", "Days", "text"),
    ],
    log.impacts.map((i) => ({
      date: i.entry.date,
      label: i.entry.label,
      scope: scopeOf(i),
      before: i.before?.mentionRate ?? null,
      after: i.after?.mentionRate ?? null,
      change: i.change,
      tested: false,
      basis: basisOf(i),
    })),
    "No entry of the change log falls in this period.",
    {
      title: "What we did",
      complete: true,
      note: `A change here is the difference of the two ${WINDOW_DAYS}-day windows, not tested for significance: it says what moved around the entry, not that the entry moved it.`,
    },
  );
}
