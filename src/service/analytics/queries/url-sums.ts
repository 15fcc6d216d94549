import { type RawBuilder, sql } from "kysely";
import { getOrSet } from "../_map.js";
import type { UrlSums } from "../metrics/pages.js";
import type { Period } from "../period.js";
import { type AggMeta, bitsInRange, cumDayList, cumDays, type Db } from "./meta.js";

/** Which URLs to load. */
export interface UrlFilter {
  owner?: "you" | "competitor";
  competitorId?: string;
  /** Exact normalized URLs (single-page lookups). */
  urls?: readonly string[];
  /** Also count distinct citing prompts (skipped by cited sources, which does not show them). */
  uniquePrompts?: boolean;
}

interface UrlRow {
  url_id: string;
  url: string;
  domain: string;
  owner: UrlSums["owner"];
  competitor_id: string | null;
  site_page_id: string | null;
}

function where(projectId: string, f: UrlFilter): RawBuilder<unknown> {
  const parts = [sql`u.project_id = ${projectId}`];
  if (f.owner) parts.push(sql`u.owner = ${f.owner}`);
  if (f.competitorId) parts.push(sql`u.competitor_id = ${f.competitorId}`);
  if (f.urls) parts.push(sql`u.url = ANY(${[...f.urls]}::text[])`);
  return sql.join(parts, sql` AND `);
}

/** Citations (and optionally distinct citing prompts) of each matching URL in both periods. */
export async function loadUrlSums(
  db: Db,
  projectId: string,
  meta: AggMeta,
  period: Period,
  filter: UrlFilter = {},
): Promise<UrlSums[]> {
  const c = cumDays(meta, period);
  const days = cumDayList(c);
  const cond = where(projectId, filter);
  const urls = await sql<UrlRow>`
    SELECT u.id AS url_id, u.url, u.domain, u.owner, u.competitor_id,
      (SELECT sp.id FROM site_pages sp WHERE sp.project_id = u.project_id AND sp.normalized_url = u.url
       ORDER BY sp.id LIMIT 1) AS site_page_id
    FROM urls u WHERE ${cond}`.execute(db);
  if (urls.rows.length === 0 || days.length === 0)
    return urls.rows.map((u) => sums(u, new Map(), c, undefined));
  const cum = await sql<{ day: string; url_id: string; citations: number }>`
    SELECT k.day, k.url_id, k.citations FROM agg_url_cum k JOIN urls u ON u.id = k.url_id
    WHERE k.project_id = ${projectId} AND k.day = ANY(${days}::date[]) AND ${cond}`.execute(db);
  const byUrl = new Map<string, Map<string, number>>();
  for (const r of cum.rows) {
    getOrSet(byUrl, r.url_id, () => new Map<string, number>()).set(r.day, r.citations);
  }
  let prompts: Map<string, { cur: number; prev: number }> | undefined;
  if (filter.uniquePrompts) {
    const col = sql.ref("d.days");
    const { rows } = await sql<{ url_id: string; cur: number; prev: number }>`
      SELECT d.url_id,
        count(*) FILTER (WHERE ${bitsInRange(meta, period.current, col)}) AS cur,
        count(*) FILTER (WHERE ${bitsInRange(meta, period.previous, col)}) AS prev
      FROM agg_url_prompt_days d JOIN urls u ON u.id = d.url_id
      WHERE d.project_id = ${projectId} AND ${cond}
      GROUP BY d.url_id`.execute(db);
    prompts = new Map(rows.map((r) => [r.url_id, { cur: r.cur, prev: r.prev }]));
  }
  return urls.rows.map((u) => sums(u, byUrl.get(u.url_id) ?? new Map(), c, prompts?.get(u.url_id)));
}

function sums(
  u: UrlRow,
  at: Map<string, number>,
  c: ReturnType<typeof cumDays>,
  prompts: { cur: number; prev: number } | undefined,
): UrlSums {
  const get = (day: string | null): number => (day === null ? 0 : (at.get(day) ?? 0));
  return {
    urlId: u.url_id,
    url: u.url,
    domain: u.domain,
    owner: u.owner,
    competitorId: u.competitor_id,
    sitePageId: u.site_page_id,
    current: { citations: get(c.curEnd) - get(c.curBefore), uniquePrompts: prompts?.cur ?? 0 },
    previous: { citations: get(c.prevEnd) - get(c.prevBefore), uniquePrompts: prompts?.prev ?? 0 },
  };
}
