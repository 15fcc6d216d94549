import { sql } from "kysely";
import type { CompetitorCounts } from "../metrics/leaderboard.js";
import type { CompetitorDayRow, DailyRows, DayCounts, PlatformDayRow } from "../metrics/tally.js";
import type { Period } from "../period.js";
import { jsonRows } from "./_json-rows.js";
import type { Db } from "./meta.js";

/** The per-day/platform rows of both periods (6 platforms × 2N days at most). */
export async function loadDaily(db: Db, projectId: string, period: Period): Promise<DailyRows> {
  const platforms = await jsonRows<PlatformDayRow>(
    db,
    ["day", "platform", "snapshots", "mentioned", "cited", "competitor_mentions"],
    sql`agg_platform_day
      WHERE project_id = ${projectId} AND day BETWEEN ${period.previous.start} AND ${period.current.end}`,
  );
  return { platforms };
}

/**
 * Each day's counts over all platforms, both periods, summed in the database: what the overview
 * and the leaderboard need of the daily rows (one row per day instead of one per day and platform).
 */
export function loadDayTotals(db: Db, projectId: string, period: Period): Promise<DayCounts[]> {
  return jsonRows<DayCounts>(
    db,
    ["day", "snapshots", "mentioned", "cited", "competitor_mentions"],
    sql`(SELECT day, sum(snapshots)::int AS snapshots, sum(mentioned)::int AS mentioned,
        sum(cited)::int AS cited, sum(competitor_mentions)::int AS competitor_mentions
      FROM agg_platform_day
      WHERE project_id = ${projectId} AND day BETWEEN ${period.previous.start} AND ${period.current.end}
      GROUP BY day) d`,
    sql`day`,
  );
}

/** One competitor's per-day/platform rows of the current period (its detail's trend and platforms). */
export async function loadCompetitorDays(
  db: Db,
  projectId: string,
  competitorId: string,
  period: Period,
): Promise<CompetitorDayRow[]> {
  const { rows } = await sql<CompetitorDayRow>`
    SELECT day, platform, competitor_id, mentioned, cited FROM agg_competitor_day
    WHERE project_id = ${projectId} AND competitor_id = ${competitorId}
      AND day BETWEEN ${period.previous.start} AND ${period.current.end}`.execute(db);
  return rows;
}

/** Every competitor's mentions and citations summed per period, in SQL (one row per competitor). */
export async function loadCompetitorCounts(
  db: Db,
  projectId: string,
  period: Period,
): Promise<Map<string, CompetitorCounts>> {
  const cur = sql`day BETWEEN ${period.current.start} AND ${period.current.end}`;
  const prev = sql`day BETWEEN ${period.previous.start} AND ${period.previous.end}`;
  const { rows } = await sql<{ id: string; cm: number; cc: number; pm: number; pc: number }>`
    SELECT competitor_id AS id,
      coalesce(sum(mentioned) FILTER (WHERE ${cur}), 0) AS cm, coalesce(sum(cited) FILTER (WHERE ${cur}), 0) AS cc,
      coalesce(sum(mentioned) FILTER (WHERE ${prev}), 0) AS pm, coalesce(sum(cited) FILTER (WHERE ${prev}), 0) AS pc
    FROM agg_competitor_day
    WHERE project_id = ${projectId} AND day BETWEEN ${period.previous.start} AND ${period.current.end}
    GROUP BY competitor_id`.execute(db);
  return new Map(
    rows.map((r) => [
      r.id,
      { current: { mentioned: r.cm, cited: r.cc }, previous: { mentioned: r.pm, cited: r.pc } },
    ]),
  );
}

/** Counts of one day and one category (null: prompts without a category). */
export interface CategoryDayRow extends DayCounts {
  category_id: string | null;
}

/**
 * The per-day/category counts of both periods, from the answers (the aggregates hold days per
 * platform, not per category): a change-log entry scoped to a category reads its rates here
 * (docs/api.md, trend extensions). A competitor mention counts once per competitor an answer names.
 */
export function loadCategoryDaily(db: Db, projectId: string, period: Period): Promise<CategoryDayRow[]> {
  return jsonRows<CategoryDayRow>(
    db,
    ["day", "category_id", "snapshots", "mentioned", "cited", "competitor_mentions"],
    sql`(SELECT a.day, p.category_id, count(*)::int AS snapshots,
        (count(*) FILTER (WHERE a.brand_mentioned))::int AS mentioned,
        (count(*) FILTER (WHERE a.brand_cited))::int AS cited,
        coalesce(sum(cardinality(a.mentioned_competitor_ids)), 0)::int AS competitor_mentions
      FROM answers a JOIN prompts p ON p.id = a.prompt_id
      WHERE a.project_id = ${projectId} AND a.day BETWEEN ${period.previous.start} AND ${period.current.end}
      GROUP BY a.day, p.category_id) d`,
    sql`day`,
  );
}
