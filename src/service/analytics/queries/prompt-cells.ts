import { sql } from "kysely";
import type { Platform } from "../../../contract/index.js";
import { getOrSet } from "../_map.js";
import type { Period } from "../period.js";
import { type AggMeta, type CumDays, cumDayList, cumDays, type Db } from "./meta.js";

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

type Cum<K extends string> = Record<K, number> & { day: string; key: string };

/** Both periods' sums of each key from its cumulative rows (C(end) − C(start − 1)); zero cells dropped. */
function periodSums<K extends string>(
  rows: readonly Cum<K>[],
  c: CumDays,
  fields: readonly K[],
): { current: Map<string, Record<K, number>>; previous: Map<string, Record<K, number>> } {
  const byKey = new Map<string, Map<string, Cum<K>>>();
  for (const r of rows) getOrSet(byKey, r.key, () => new Map<string, Cum<K>>()).set(r.day, r);
  const current = new Map<string, Record<K, number>>();
  const previous = new Map<string, Record<K, number>>();
  for (const [key, m] of byKey) {
    const at = (day: string | null, f: K) => (day === null ? 0 : Number(m.get(day)?.[f] ?? 0));
    const diff = (end: string | null, before: string | null) =>
      Object.fromEntries(fields.map((f) => [f, at(end, f) - at(before, f)])) as Record<K, number>;
    const cur = diff(c.curEnd, c.curBefore);
    const prev = diff(c.curBefore, c.prevBefore);
    if (fields.some((f) => cur[f] !== 0)) current.set(key, cur);
    if (fields.some((f) => prev[f] !== 0)) previous.set(key, prev);
  }
  return { current, previous };
}

const PLATFORM_FIELDS = ["snapshots", "mentioned", "cited", "competitor_mentions"] as const;
const COMPETITOR_FIELDS = ["mentioned", "cited"] as const;

/**
 * Every prompt's counts per platform and per competitor in both periods: at most three cumulative
 * rows per key. Ordered by key, so the floating-point sums over prompts come out the same on
 * every request and after every refresh.
 */
export async function loadPromptCells(
  db: Db,
  projectId: string,
  meta: AggMeta,
  period: Period,
): Promise<PromptCells> {
  const c = cumDays(meta, period);
  const days = cumDayList(c);
  const empty = () => ({ platforms: [], competitors: [] });
  if (days.length === 0) return { current: empty(), previous: empty() };
  const [platformRows, competitorRows] = await Promise.all([
    sql<Cum<(typeof PLATFORM_FIELDS)[number]>>`
      SELECT day, prompt_id || ' ' || platform AS key, snapshots, mentioned, cited, competitor_mentions
      FROM agg_prompt_platform_cum
      WHERE project_id = ${projectId} AND day = ANY(${days}::date[])
      ORDER BY key, day`.execute(db),
    sql<Cum<(typeof COMPETITOR_FIELDS)[number]>>`
      SELECT day, prompt_id || ' ' || competitor_id AS key, mentioned, cited
      FROM agg_prompt_competitor_cum
      WHERE project_id = ${projectId} AND day = ANY(${days}::date[])
      ORDER BY key, day`.execute(db),
  ]);
  const platforms = periodSums(platformRows.rows, c, PLATFORM_FIELDS);
  const competitors = periodSums(competitorRows.rows, c, COMPETITOR_FIELDS);
  const platformCells = (m: Map<string, Record<(typeof PLATFORM_FIELDS)[number], number>>) =>
    [...m].map(([key, v]): PlatformCell => {
      const [promptId, platform] = key.split(" ") as [string, Platform];
      return {
        promptId,
        platform,
        snapshots: v.snapshots,
        mentioned: v.mentioned,
        cited: v.cited,
        competitorMentions: v.competitor_mentions,
      };
    });
  const competitorCells = (m: Map<string, Record<(typeof COMPETITOR_FIELDS)[number], number>>) =>
    [...m].map(([key, v]): CompetitorCell => {
      const [promptId, competitorId] = key.split(" ") as [string, string];
      return { promptId, competitorId, mentioned: v.mentioned, cited: v.cited };
    });
  return {
    current: {
      platforms: platformCells(platforms.current),
      competitors: competitorCells(competitors.current),
    },
    previous: {
      platforms: platformCells(platforms.previous),
      competitors: competitorCells(competitors.previous),
    },
  };
}
