import { sql } from "kysely";
import { addDays } from "../../../contract/calendar.js";
import type { Period } from "../period.js";
import type { Db } from "./meta.js";

/** A prompt citing a page, with the snapshots citing it in the current period. */
export interface CitingPromptRow {
  id: string;
  text: string;
  citations: number;
}

/** Citations of one URL per day of the current period (days without citations omitted). */
export async function loadUrlDailyCitations(
  db: Db,
  projectId: string,
  urlId: string,
  period: Period,
): Promise<Map<string, number>> {
  // Differences of consecutive cumulative rows; the row before the period is the baseline.
  const { rows } = await sql<{ day: string; citations: number }>`
    SELECT day, citations FROM agg_url_cum
    WHERE project_id = ${projectId} AND url_id = ${urlId}
      AND day BETWEEN ${addDays(period.current.start, -1)} AND ${period.current.end}
    ORDER BY day`.execute(db);
  const out = new Map<string, number>();
  let before: number | null = null;
  for (const r of rows) {
    const n = r.citations - (before ?? (r.day < period.current.start ? r.citations : 0));
    if (r.day >= period.current.start && n > 0) out.set(r.day, n);
    before = r.citations;
  }
  return out;
}

/** Prompts citing one URL in the current period, most citing first. */
export async function loadCitingPrompts(db: Db, urlId: string, period: Period): Promise<CitingPromptRow[]> {
  const { rows } = await sql<CitingPromptRow>`
    SELECT p.id, p.text, count(DISTINCT c.answer_id) AS citations
    FROM citations c JOIN prompts p ON p.id = c.prompt_id
    WHERE c.url_id = ${urlId} AND c.day BETWEEN ${period.current.start} AND ${period.current.end}
    GROUP BY p.id, p.text
    ORDER BY citations DESC, p.text, p.id`.execute(db);
  return rows;
}
