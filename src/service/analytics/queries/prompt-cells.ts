import { sql } from "kysely";
import type { Platform } from "../../../contract/index.js";
import { getOrSet } from "../_map.js";
import type { Period } from "../period.js";
import { type AggMeta, cumDayList, cumDays, type Db } from "./meta.js";

/** One prompt's brand counts on one platform in one period. */
export interface PlatformCell {
  promptId: string;
  platform: Platform;
  snapshots: number;
  mentioned: number;
  cited: number;
  /** Σ over tracked competitors of the snapshots mentioning each (share-of-voice denominator part). */
  competitorMentions: number;
}

/** One competitor's counts on one prompt in one period. */
export interface CompetitorCell {
  promptId: string;
  competitorId: string;
  mentioned: number;
  cited: number;
}

/** The per-prompt cells of both periods: the clusters of every interval (docs/metrics.md). */
export interface PromptCells {
  current: { platforms: PlatformCell[]; competitors: CompetitorCell[] };
  previous: { platforms: PlatformCell[]; competitors: CompetitorCell[] };
}

interface CumRow {
  day: string;
  prompt_id: string;
  platform_snapshots: number[];
  platform_mentioned: number[];
  platform_cited: number[];
  platform_competitor_mentions: number[];
  competitor_mentioned: number[];
  competitor_cited: number[];
}

const NONE: readonly number[] = [];

/** Indexes of `keys` in the order of the keys (the cells' order within a prompt). */
const sortedIndexes = (keys: readonly string[]) =>
  keys.map((_, i) => i).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));

/**
 * One period's cells from the running totals at its last day and at the day before it:
 * C(end) − C(start − 1), zero where a day is missing. Prompts in id order and, within a prompt,
 * platforms by name and competitors by id, so the floating-point sums over prompts come out the
 * same on every request.
 */
function cellsOf(
  meta: AggMeta,
  prompts: readonly [string, ReadonlyMap<string, CumRow>][],
  end: string | null,
  before: string | null,
): PromptCells["current"] {
  const out = { platforms: [] as PlatformCell[], competitors: [] as CompetitorCell[] };
  const platformOrder = sortedIndexes(meta.platforms);
  const competitorOrder = sortedIndexes(meta.competitorIds);
  for (const [promptId, at] of prompts) {
    const e = end === null ? undefined : at.get(end);
    const b = before === null ? undefined : at.get(before);
    const diff = (column: keyof Omit<CumRow, "day" | "prompt_id">) => {
      const x = e?.[column] ?? NONE;
      const y = b?.[column] ?? NONE;
      return (i: number) => (x[i] ?? 0) - (y[i] ?? 0);
    };
    const snapshots = diff("platform_snapshots");
    const mentioned = diff("platform_mentioned");
    const cited = diff("platform_cited");
    const competitorMentions = diff("platform_competitor_mentions");
    for (const i of platformOrder) {
      const n = snapshots(i);
      if (n === 0) continue;
      out.platforms.push({
        promptId,
        platform: meta.platforms[i] as Platform,
        snapshots: n,
        mentioned: mentioned(i),
        cited: cited(i),
        competitorMentions: competitorMentions(i),
      });
    }
    const kMentioned = diff("competitor_mentioned");
    const kCited = diff("competitor_cited");
    for (const j of competitorOrder) {
      const m = kMentioned(j);
      const c = kCited(j);
      if (m > 0 || c > 0)
        out.competitors.push({ promptId, competitorId: meta.competitorIds[j]!, mentioned: m, cited: c });
    }
  }
  return out;
}

/**
 * Every prompt's counts per platform and per competitor in both periods, from the running totals
 * of `agg_prompt_cum` (docs/metrics.md, "Per-prompt counts"): at most four rows per prompt,
 * whatever the range. Only the cells with answers (platforms) or with a mention or citation
 * (competitors) are returned, the clusters of the intervals.
 */
export async function loadPromptCells(
  db: Db,
  projectId: string,
  meta: AggMeta,
  period: Period,
): Promise<PromptCells> {
  const c = cumDays(meta, period);
  const days = cumDayList(c);
  const rows = new Map<string, Map<string, CumRow>>();
  if (days.length > 0) {
    const result = await sql<CumRow>`
      SELECT day, prompt_id, platform_snapshots, platform_mentioned, platform_cited,
        platform_competitor_mentions, competitor_mentioned, competitor_cited
      FROM agg_prompt_cum WHERE project_id = ${projectId} AND day = ANY(${days}::date[])`.execute(db);
    for (const r of result.rows) getOrSet(rows, r.prompt_id, () => new Map<string, CumRow>()).set(r.day, r);
  }
  const prompts = [...rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    current: cellsOf(meta, prompts, c.curEnd, c.curBefore),
    previous: cellsOf(meta, prompts, c.prevEnd, c.prevBefore),
  };
}
