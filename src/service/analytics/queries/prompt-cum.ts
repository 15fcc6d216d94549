import { sql } from "kysely";
import { getOrSet } from "../_map.js";
import type { Period } from "../period.js";
import { type AggMeta, type CumDays, cumDayList, cumDays, type Db } from "./meta.js";

/** One row of `agg_prompt_cum`: a prompt's running totals up to a day (docs/metrics.md). */
export interface CumRow {
  day: string;
  prompt_id: string;
  snapshots: number;
  mentioned: number;
  cited: number;
  last_collected_at: Date | null;
  platform_snapshots: number[];
  platform_mentioned: number[];
  platform_cited: number[];
  platform_competitor_mentions: number[];
  competitor_mentioned: number[];
  competitor_cited: number[];
  platform_gaps: number[];
  competitor_gaps: number[];
  /** The latest gap answer up to the day, "<time> <id> <platform>" (aggregates/refresh.ts). */
  last_gap: string | null;
}

/** Each prompt's running totals at the boundary days of both periods, and those days. */
export interface PromptCum {
  days: CumDays;
  /** prompt id → day → row. */
  rows: Map<string, Map<string, CumRow>>;
}

/**
 * The running totals of every prompt at the boundary days of both periods: at most four rows per
 * prompt whatever the range, read once per request for the prompts' sums, the intervals'
 * clusters and the gaps.
 */
export async function loadPromptCum(
  db: Db,
  projectId: string,
  meta: AggMeta,
  period: Period,
): Promise<PromptCum> {
  const days = cumDays(meta, period);
  const list = cumDayList(days);
  const rows = new Map<string, Map<string, CumRow>>();
  if (list.length === 0) return { days, rows };
  const result = await sql<CumRow>`
    SELECT day, prompt_id, snapshots, mentioned, cited, last_collected_at, platform_snapshots,
      platform_mentioned, platform_cited, platform_competitor_mentions, competitor_mentioned,
      competitor_cited, platform_gaps, competitor_gaps, last_gap
    FROM agg_prompt_cum WHERE project_id = ${projectId} AND day = ANY(${list}::date[])`.execute(db);
  for (const r of result.rows) getOrSet(rows, r.prompt_id, () => new Map<string, CumRow>()).set(r.day, r);
  return { days, rows };
}
