import { daysBetween, lengthOf } from "../../contract/calendar-periods.js";
import { platformName } from "../../format/figures.js";
import type { Lang } from "../../format/i18n/index.js";
import {
  type ChangeImpact,
  type ChangeLogModel,
  WINDOW_DAYS,
  type WindowRate,
} from "../../report/change-log.js";
import type { TrendPoint } from "../../report/trend-points.js";
import type { ChartSpec, Column, DraftBlock } from "../types.js";
import { col, tableOf } from "./_helpers.js";

/**
 * The trend chart's markers: each entry at its date, between the point (day, or week) holding it
 * and the next; an entry about one platform or category named with it, since the lines it stands
 * on are all platforms'.
 */
export function changeMarkers(log: ChangeLogModel, points: readonly TrendPoint[]): ChartSpec["markers"] {
  return log.impacts.flatMap(({ entry }) => {
    const index = points.findIndex((pt) => pt.start <= entry.date && entry.date <= pt.end);
    const about = entry.platform !== undefined ? platformName(entry.platform) : entry.category;
    if (index === -1) return [];
    // A point stands at its first day: a change on a week's third day stands two sevenths of the
    // way to the next point, so the marker reads as the change's date, not its week's start.
    const pt = points[index]!;
    const at = index + daysBetween(pt.start, entry.date) / lengthOf(pt);
    return [{ index: at, label: about === undefined ? entry.label : `${entry.label} (${about})` }];
  });
}

/**
 * Whose rates the entry's row quotes: a platform's, a category's, or every prompt's on every
 * platform (not only the prompts the work was aimed at: no daily series exists per prompt).
 */
export function scopeOf({ entry }: ChangeImpact, lang: Lang): string {
  if (entry.platform !== undefined) return platformName(entry.platform);
  if (entry.category !== undefined) return lang.m.values.category(entry.category);
  return lang.m.values.everything;
}

/** "14 days" or "9 of 14 days", and whether it had answers. */
function windowText(w: WindowRate, lang: Lang): string {
  return lang.m.trend.window(w.days, WINDOW_DAYS, w.answers);
}

/** Whether either window has fewer days than WINDOW_DAYS. */
export const isPartial = ({ before, after }: ChangeImpact): boolean =>
  before.days < WINDOW_DAYS || after.days < WINDOW_DAYS;

/** The days of each window short of WINDOW_DAYS, in words ("after: 13 of 14 days"). */
export function partialWindowsText({ before, after }: ChangeImpact, lang: Lang): string {
  const short = (w: WindowRate) => (w.days < WINDOW_DAYS ? windowText(w, lang) : null);
  return lang.m.trend.basis(short(before), short(after));
}

/** The days of each window, in words ("before: 14 days; after: 13 of 14 days"). */
export function windowsText({ before, after }: ChangeImpact, lang: Lang): string {
  return lang.m.trend.basis(windowText(before, lang), windowText(after, lang));
}

/** What the rates rest on, in words: the days of each window, and why a partial one shows no change. */
function basisOf(impact: ChangeImpact, lang: Lang): string {
  const text = windowsText(impact, lang);
  return isPartial(impact) && impact.before.mentionRate !== null && impact.after.mentionRate !== null
    ? lang.m.trend.partial(text, WINDOW_DAYS)
    : text;
}

/** An entry's scope and its mention rate over the windows before and after it, with the change. */
export function windowColumns(scopeKey: string, lang: Lang): Column[] {
  const c = lang.m.columns;
  return [
    col(scopeKey, c.scope, "text"),
    col("before", c.windowBefore(WINDOW_DAYS), "percent"),
    col("after", c.windowAfter(WINDOW_DAYS), "percent"),
    // Two windows' difference, not tested for significance: never coloured as a rise or a fall.
    { ...col("change", c.change, "delta_pp"), significance: "tested" },
  ];
}

/**
 * The "What we did" table (docs/changes.md): each entry of the period with the mention rate in
 * its scope over the 14 days before and after it, and the change when both are whole.
 */
export function whatWeDidTable(log: ChangeLogModel, lang: Lang): DraftBlock {
  const { columns: c, trend: t } = lang.m;
  return tableOf(
    "changes",
    [
      col("date", c.date, "date"),
      col("label", c.whatWeDid, "text"),
      ...windowColumns("scope", lang),
      col("basis", c.days, "text"),
    ],
    log.impacts.map((i) => ({
      date: i.entry.date,
      label: i.entry.label,
      scope: scopeOf(i, lang),
      before: i.before.mentionRate,
      after: i.after.mentionRate,
      change: i.change,
      tested: false,
      basis: basisOf(i, lang),
    })),
    t.noChanges,
    { title: t.whatWeDid, complete: true, note: t.changesNote(WINDOW_DAYS) },
  );
}
