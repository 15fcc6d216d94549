import { sql } from "kysely";
import type { Period } from "../period.js";
import { type AggMeta, bitsInRange, type Db } from "./meta.js";

/** Distinct prompts with a snapshot mentioning the competitor, in each period (from day bitmaps). */
export async function loadCompetitorPromptCounts(
  db: Db,
  projectId: string,
  competitorId: string,
  meta: AggMeta,
  period: Period,
): Promise<{ current: number; previous: number }> {
  const col = sql.ref("days");
  const { rows } = await sql<{ cur: number; prev: number }>`
    SELECT count(*) FILTER (WHERE ${bitsInRange(meta, period.current, col)}) AS cur,
      count(*) FILTER (WHERE ${bitsInRange(meta, period.previous, col)}) AS prev
    FROM agg_competitor_prompt_days WHERE project_id = ${projectId} AND competitor_id = ${competitorId}`.execute(
    db,
  );
  return { current: rows[0]?.cur ?? 0, previous: rows[0]?.prev ?? 0 };
}
