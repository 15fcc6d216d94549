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
