import { sql } from "kysely";
import type { Platform } from "../../../contract/index.js";
import type { Period } from "../period.js";
import { type AggMeta, type Db, daysWithin } from "./meta.js";

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

interface CellRow {
  kind: "competitor" | "platform";
  key: string;
  cur: boolean;
  snapshots: number | string;
  mentioned: number | string;
  cited: number | string;
  competitor_mentions: number | string;
}

/**
 * Every prompt's counts per platform and per competitor in both periods, grouped straight from
 * `answers` over the two periods' days (index answers_project_day), clamped to the aggregate span
 * so they count the very answers the pre-aggregates do. No pre-aggregate: a per-prompt table by
 * platform or competitor is as large as `answers` itself and made the refresh several times
 * slower (docs/metrics.md, "Intervals and significance"). The competitor cells are computed once
 * per prompt × platform × competitor and give both the competitor rows and the share-of-voice
 * denominator part (only tracked competitors, each at most once per answer, like
 * `agg_platform_day`). Ordered by key, so the floating-point sums over prompts come out the same
 * on every request.
 */
export async function loadPromptCells(
  db: Db,
  projectId: string,
  meta: AggMeta,
  period: Period,
): Promise<PromptCells> {
  const empty = () => ({ platforms: [] as PlatformCell[], competitors: [] as CompetitorCell[] });
  const cells: PromptCells = { current: empty(), previous: empty() };
  // The periods' days, clamped to the aggregate span.
  const span = daysWithin(meta, period.previous.start, period.current.end);
  if (span === null) return cells;
  const inPeriods = sql`a.project_id = ${projectId} AND a.day BETWEEN ${span.from}::date AND ${span.to}::date`;
  const cur = sql`a.day >= ${period.current.start}::date`;
  const { rows } = await sql<CellRow>`
    WITH pc AS (
      SELECT a.prompt_id, a.platform, k.id AS competitor_id, ${cur} AS cur,
        count(*) FILTER (WHERE k.id = ANY(a.mentioned_competitor_ids)) AS m,
        count(*) FILTER (WHERE k.id = ANY(a.cited_competitor_ids)) AS c
      FROM answers a JOIN competitors k ON k.project_id = a.project_id
        AND (k.id = ANY(a.mentioned_competitor_ids) OR k.id = ANY(a.cited_competitor_ids))
      -- A quarter of the answers name no competitor: skip them before pairing.
      WHERE ${inPeriods} AND (cardinality(a.mentioned_competitor_ids) > 0 OR cardinality(a.cited_competitor_ids) > 0)
      GROUP BY a.prompt_id, a.platform, k.id, cur),
    brand AS (
      SELECT a.prompt_id, a.platform, ${cur} AS cur, count(*) AS s,
        count(*) FILTER (WHERE a.brand_mentioned) AS m, count(*) FILTER (WHERE a.brand_cited) AS c
      FROM answers a WHERE ${inPeriods}
      GROUP BY a.prompt_id, a.platform, cur),
    km AS (SELECT prompt_id, platform, cur, sum(m) AS k FROM pc GROUP BY prompt_id, platform, cur)
    SELECT 'platform' AS kind, b.prompt_id || ' ' || b.platform AS key, b.cur,
      b.s AS snapshots, b.m AS mentioned, b.c AS cited, coalesce(km.k, 0) AS competitor_mentions
    FROM brand b LEFT JOIN km ON km.prompt_id = b.prompt_id AND km.platform = b.platform AND km.cur = b.cur
    UNION ALL
    SELECT 'competitor', prompt_id || ' ' || competitor_id, cur, 0, sum(m), sum(c), 0
    FROM pc GROUP BY prompt_id, competitor_id, cur
    ORDER BY kind, key`.execute(db);
  for (const r of rows) {
    const side = r.cur ? cells.current : cells.previous;
    if (r.kind === "platform") {
      const [promptId, platform] = r.key.split(" ") as [string, Platform];
      side.platforms.push({
        promptId,
        platform,
        snapshots: Number(r.snapshots),
        mentioned: Number(r.mentioned),
        cited: Number(r.cited),
        competitorMentions: Number(r.competitor_mentions),
      });
    } else {
      const [promptId, competitorId] = r.key.split(" ") as [string, string];
      side.competitors.push({
        promptId,
        competitorId,
        mentioned: Number(r.mentioned),
        cited: Number(r.cited),
      });
    }
  }
  return cells;
}
