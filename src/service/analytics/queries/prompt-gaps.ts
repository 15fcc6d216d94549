import { sql } from "kysely";
import type { Platform } from "../../../contract/index.js";
import type { Period } from "../period.js";
import { type AggMeta, type Db, daysWithin } from "./meta.js";

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

interface GapRow {
  kind: "prompt" | "competitor" | "page";
  prompt_id: string;
  key: string | null;
  competitor_id: string | null;
  n: number | string;
  platforms: Platform[] | null;
  latest_id: string | null;
  latest_platform: Platform | null;
  latest_at: Date | null;
}

/**
 * Every prompt's gap answers in the current period (answers naming a tracked competitor and not
 * the brand), with the competitors they name and the competitor pages they cite: one statement
 * over `answers` (index answers_project_day) and the citations of those answers only. Clamped to
 * the aggregate span, like every per-prompt count, so the numbers match the prompts' own.
 */
export async function loadPromptGaps(
  db: Db,
  projectId: string,
  meta: AggMeta,
  period: Period,
): Promise<Map<string, GapCounts>> {
  const out = new Map<string, GapCounts>();
  const span = daysWithin(meta, period.current.start, period.current.end);
  if (span === null) return out;
  const { rows } = await sql<GapRow>`
    WITH g AS (
      SELECT a.id, a.prompt_id, a.platform, a.collected_at, a.mentioned_competitor_ids
      FROM answers a
      WHERE a.project_id = ${projectId} AND a.day BETWEEN ${span.from}::date AND ${span.to}::date
        AND NOT a.brand_mentioned AND cardinality(a.mentioned_competitor_ids) > 0)
    SELECT 'prompt' AS kind, g.prompt_id, NULL AS key, NULL AS competitor_id, count(*) AS n,
      array_agg(DISTINCT g.platform ORDER BY g.platform) AS platforms,
      (array_agg(g.id ORDER BY g.collected_at DESC, g.id))[1] AS latest_id,
      (array_agg(g.platform ORDER BY g.collected_at DESC, g.id))[1] AS latest_platform,
      max(g.collected_at) AS latest_at
    FROM g GROUP BY g.prompt_id
    UNION ALL
    SELECT 'competitor', g.prompt_id, k.id::text, k.id, count(*), NULL, NULL, NULL, NULL
    FROM g CROSS JOIN LATERAL unnest(g.mentioned_competitor_ids) AS k(id)
    GROUP BY g.prompt_id, k.id
    UNION ALL
    SELECT 'page', g.prompt_id, u.url, u.competitor_id, count(DISTINCT g.id), NULL, NULL, NULL, NULL
    FROM g JOIN citations c ON c.answer_id = g.id
      JOIN urls u ON u.id = c.url_id AND u.owner = 'competitor' AND u.competitor_id IS NOT NULL
    GROUP BY g.prompt_id, u.url, u.competitor_id
    ORDER BY kind DESC, prompt_id, key`.execute(db);
  // 'prompt' rows sort first (kind DESC), so every competitor and page row finds its prompt.
  for (const r of rows) {
    if (r.kind === "prompt") {
      out.set(r.prompt_id, {
        promptId: r.prompt_id,
        gapAnswers: Number(r.n),
        gapPlatforms: r.platforms ?? [],
        latest: {
          answerId: r.latest_id as string,
          platform: r.latest_platform as Platform,
          collectedAt: r.latest_at as Date,
        },
        competitors: new Map(),
        pages: new Map(),
      });
      continue;
    }
    const gap = out.get(r.prompt_id);
    if (!gap) continue;
    if (r.kind === "competitor") gap.competitors.set(r.key as string, Number(r.n));
    else gap.pages.set(r.key as string, { competitorId: r.competitor_id as string, answers: Number(r.n) });
  }
  return out;
}
