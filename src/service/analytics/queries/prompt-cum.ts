import { sql } from "kysely";
import { getOrSet } from "../_map.js";
import type { Period } from "../period.js";
import { jsonRows } from "./_json-rows.js";
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

const COLUMNS = [
  "day",
  "prompt_id",
  "snapshots",
  "mentioned",
  "cited",
  "last_collected_at",
  "platform_snapshots",
  "platform_mentioned",
  "platform_cited",
  "platform_competitor_mentions",
  "competitor_mentioned",
  "competitor_cited",
  "platform_gaps",
  "competitor_gaps",
  "last_gap",
] as const satisfies readonly (keyof CumRow)[];

/** The columns of a running-totals row that the brand's cells need (prompt-cells.ts). */
export type PlatformCumRow = Pick<
  CumRow,
  | "day"
  | "prompt_id"
  | "platform_snapshots"
  | "platform_mentioned"
  | "platform_cited"
  | "platform_competitor_mentions"
>;

/** Each prompt's running totals at the boundary days of both periods, and those days. */
export interface PromptCum<R = CumRow> {
  days: CumDays;
  /** prompt id → day → row. */
  rows: Map<string, Map<string, R>>;
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
  // The timestamp arrives as its ISO text (jsonRows) and is made a Date once per row.
  type Read = Omit<CumRow, "last_collected_at"> & { last_collected_at: string | Date | null };
  const cum = await loadCum<Read>(db, projectId, meta, period, COLUMNS);
  for (const byDay of cum.rows.values())
    for (const r of byDay.values())
      if (typeof r.last_collected_at === "string") r.last_collected_at = new Date(r.last_collected_at);
  return cum as PromptCum;
}

const PLATFORM_COLUMNS = [
  "day",
  "prompt_id",
  "platform_snapshots",
  "platform_mentioned",
  "platform_cited",
  "platform_competitor_mentions",
] as const satisfies readonly (keyof PlatformCumRow)[];

/**
 * Only the platform arrays of the same rows: what the brand's intervals need (the overview and
 * its kin), a third of the full rows' bytes.
 */
export function loadPlatformCum(
  db: Db,
  projectId: string,
  meta: AggMeta,
  period: Period,
): Promise<PromptCum<PlatformCumRow>> {
  return loadCum<PlatformCumRow>(db, projectId, meta, period, PLATFORM_COLUMNS);
}

async function loadCum<R extends { day: string; prompt_id: string }>(
  db: Db,
  projectId: string,
  meta: AggMeta,
  period: Period,
  columns: readonly (keyof R & string)[],
): Promise<PromptCum<R>> {
  const days = cumDays(meta, period);
  const list = cumDayList(days);
  const rows = new Map<string, Map<string, R>>();
  if (list.length === 0) return { days, rows };
  const found = await jsonRows<R>(
    db,
    columns,
    sql`agg_prompt_cum WHERE project_id = ${projectId} AND day = ANY(${list}::date[])`,
  );
  for (const r of found) getOrSet(rows, r.prompt_id, () => new Map<string, R>()).set(r.day, r);
  return { days, rows };
}
