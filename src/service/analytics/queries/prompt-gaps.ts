import { sql } from "kysely";
import type { Platform } from "../../../contract/index.js";
import type { Period } from "../period.js";
import { jsonRows } from "./_json-rows.js";
import { type AggMeta, type Db, daysWithin } from "./meta.js";
import type { PromptCum } from "./prompt-cum.js";

/** Competitor pages listed per gap: the few that explain it, not a second pages table. */
export const PAGES_PER_GAP = 5;

/** What the current period's gap answers of one prompt show (docs/metrics.md, "Opportunities"). */
export interface GapCounts {
  promptId: string;
  gapAnswers: number;
  gapPlatforms: Platform[];
  latest: { answerId: string; platform: Platform; collectedAt: Date | string };
  /** Gap answers naming each tracked competitor, by competitor id. */
  competitors: Map<string, number>;
  /** Gap answers citing each competitor page: url → competitor id and answers. */
  pages: Map<string, { competitorId: string; answers: number }>;
}

/** A listed page of a gap and the gap answers citing it. */
interface PageRow {
  prompt_id: string;
  url: string;
  competitor_id: string;
  n: number;
}

/** "<time> <id> <platform>", the latest gap answer up to a day (aggregates/refresh.ts). */
function latestOf(lastGap: string): GapCounts["latest"] {
  const [collectedAt, answerId, platform] = lastGap.split(" ") as [string, string, Platform];
  return { answerId, platform, collectedAt };
}

/**
 * Every prompt's gap answers in the current period (answers naming a tracked competitor and not
 * the brand), with the competitors they name and the competitor pages they cite: the running
 * totals the request already read (`cum`), and the period's rows of `agg_gap_pages_day`. Clamped
 * to the aggregate span, like every per-prompt count, so the numbers match the prompts' own.
 */
export async function loadPromptGaps(
  db: Db,
  projectId: string,
  meta: AggMeta,
  period: Period,
  cum: PromptCum,
): Promise<Map<string, GapCounts>> {
  const out = new Map<string, GapCounts>();
  const span = daysWithin(meta, period.current.start, period.current.end);
  const { curEnd, curBefore } = cum.days;
  if (span === null || curEnd === null) return out;
  // Only the pages a gap row lists: the first PAGES_PER_GAP by answers, then by URL.
  const pages = await jsonRows<PageRow>(
    db,
    ["prompt_id", "url", "competitor_id", "n"],
    sql`(WITH s AS (
        SELECT prompt_id, url_id, sum(answers) AS n FROM agg_gap_pages_day
        WHERE project_id = ${projectId} AND day BETWEEN ${span.from}::date AND ${span.to}::date
        GROUP BY prompt_id, url_id),
      r AS (
        SELECT s.prompt_id, u.url, u.competitor_id, s.n,
          row_number() OVER (PARTITION BY s.prompt_id ORDER BY s.n DESC, u.url COLLATE "C") AS rank
        FROM s JOIN urls u ON u.id = s.url_id)
      SELECT prompt_id, url, competitor_id, n FROM r WHERE rank <= ${PAGES_PER_GAP}) q`,
  );
  for (const [promptId, byDay] of cum.rows) {
    const end = byDay.get(curEnd);
    const before = curBefore === null ? undefined : byDay.get(curBefore);
    if (end === undefined || end.last_gap === null) continue;
    const gaps = (i: number) => end.platform_gaps[i]! - (before?.platform_gaps[i] ?? 0);
    const gapPlatforms = meta.platforms.filter((_, i) => gaps(i) > 0) as Platform[];
    if (gapPlatforms.length === 0) continue;
    const competitors = new Map<string, number>();
    meta.competitorIds.forEach((id, j) => {
      const n = end.competitor_gaps[j]! - (before?.competitor_gaps[j] ?? 0);
      if (n > 0) competitors.set(id, n);
    });
    out.set(promptId, {
      promptId,
      gapAnswers: meta.platforms.reduce((n, _, i) => n + gaps(i), 0),
      gapPlatforms,
      // A gap answer in the period makes the latest one up to its end one of the period's.
      latest: latestOf(end.last_gap),
      competitors,
      pages: new Map(),
    });
  }
  for (const r of pages)
    out.get(r.prompt_id)?.pages.set(r.url, { competitorId: r.competitor_id, answers: Number(r.n) });
  return out;
}
