import { type Kysely, type RawBuilder, sql } from "kysely";
import { addDays } from "../../../contract/calendar.js";
import type { Database } from "../../store/schema.js";
import { refreshDue } from "../aggregates/refresh.js";
import { type DayRange, daysBetween, type Period } from "../period.js";

/** The store handle every query takes. */
export type Db = Kysely<Database>;

/** Day span covered by a project's aggregates (null days when it has no answers). */
export interface AggMeta {
  baseDay: string | null;
  maxDay: string | null;
  /** The order of agg_prompt_cum's per-platform arrays. */
  platforms: string[];
  /** The order of agg_prompt_cum's per-competitor arrays. */
  competitorIds: string[];
}

/**
 * The aggregate span of a project. A project whose aggregates are due (never built, or rows written
 * since, by a writer that did not get to refresh: a crash) is refreshed here first, so a read
 * never gives numbers that disagree with the stored rows (docs/decisions.md, "Crash consistency").
 */
export async function loadMeta(db: Db, projectId: string): Promise<AggMeta> {
  const read = () =>
    sql<{
      due: boolean;
      base_day: string | null;
      max_day: string | null;
      platforms: string[];
      competitor_ids: string[];
    }>`
      SELECT p.aggregates_due AS due, a.base_day, a.max_day, a.platforms, a.competitor_ids
      FROM agg_projects a JOIN projects p ON p.id = a.project_id
      WHERE a.project_id = ${projectId}`.execute(db);
  let rows = (await read()).rows;
  if (rows.length === 0 || rows[0]?.due) {
    await refreshDue(db, [projectId]);
    rows = (await read()).rows;
  }
  const row = rows[0];
  return {
    baseDay: row?.base_day ?? null,
    maxDay: row?.max_day ?? null,
    platforms: row?.platforms ?? [],
    competitorIds: row?.competitor_ids ?? [],
  };
}

/** The cumulative-table days to read: a period sum is C(end) − C(start − 1); null stands for zero. */
export interface CumDays {
  curEnd: string | null;
  curBefore: string | null;
  /** The comparison period's last day: not always the day before the current period (compare=year). */
  prevEnd: string | null;
  prevBefore: string | null;
}

/**
 * The days `from`..`to` clamped to the aggregate span, so that counts read straight from
 * `answers` count the very answers the pre-aggregates do; null when nothing is left.
 */
export function daysWithin(meta: AggMeta, from: string, to: string): { from: string; to: string } | null {
  if (meta.baseDay === null || meta.maxDay === null) return null;
  // ISO days compare as strings.
  const span = { from: from > meta.baseDay ? from : meta.baseDay, to: to < meta.maxDay ? to : meta.maxDay };
  return span.from > span.to ? null : span;
}

function clamp(meta: AggMeta, day: string): string | null {
  if (meta.baseDay === null || meta.maxDay === null || day < meta.baseDay) return null;
  return day > meta.maxDay ? meta.maxDay : day;
}

/** The boundary days of both periods, clamped to the aggregate span. */
export function cumDays(meta: AggMeta, period: Period): CumDays {
  return {
    curEnd: clamp(meta, period.current.end),
    curBefore: clamp(meta, addDays(period.current.start, -1)),
    prevEnd: clamp(meta, period.previous.end),
    prevBefore: clamp(meta, addDays(period.previous.start, -1)),
  };
}

/** The distinct non-null days of `c`, for `day IN (…)`. */
export function cumDayList(c: CumDays): string[] {
  return [
    ...new Set([c.curEnd, c.curBefore, c.prevEnd, c.prevBefore].filter((d): d is string => d !== null)),
  ];
}

/** SQL test "some bit of the `days` bitmap column falls in `range`", or false outside the span. */
export function bitsInRange(
  meta: AggMeta,
  range: DayRange,
  column: RawBuilder<unknown>,
): RawBuilder<boolean> {
  if (meta.baseDay === null || meta.maxDay === null) return sql<boolean>`false`;
  const len = daysBetween(meta.baseDay, meta.maxDay) + 1;
  const from = Math.max(0, daysBetween(meta.baseDay, range.start));
  const to = Math.min(len - 1, daysBetween(meta.baseDay, range.end));
  if (from > to) return sql<boolean>`false`;
  return sql<boolean>`(position(B'1' IN substring(${column} FROM ${sql.lit(from + 1)} FOR ${sql.lit(to - from + 1)})) > 0)`;
}
