import { sql } from "kysely";
import type { Platform } from "../../../contract/index.js";
import type { Period } from "../period.js";
import { jsonRows } from "./_json-rows.js";
import type { Db } from "./meta.js";

/** The answer columns every answer view needs. */
export interface AnswerRow {
  id: string;
  prompt_id: string;
  platform: Platform;
  status: string;
  collected_at: Date;
  preview: string;
  brand_mentioned: boolean;
  brand_cited: boolean;
  competitor_found: boolean;
  error_message: string | null;
  mentioned_competitor_ids: string[];
  cited_competitor_ids: string[];
}

/** Full-view extras of an answer. */
export interface AnswerTextRow {
  id: string;
  text: string;
  mention_excerpts: string[];
}

/** A citation of an answer with its URL's owner. */
export interface AnswerCitationRow {
  answer_id: string;
  position: number;
  url: string;
  domain: string;
  title: string | null;
  owner: "you" | "competitor" | "other";
}

const NAMES = `id, prompt_id, platform, status, collected_at, preview, brand_mentioned, brand_cited,
  competitor_found, error_message, mentioned_competitor_ids, cited_competitor_ids`.split(/,\s*/);
const columns = (alias: string) => sql.raw(NAMES.map((n) => `${alias}.${n}`).join(", "));
const COLUMNS = columns("a");

/** A prompt's answers in the current period, newest first, optionally one platform or one day. */
export async function loadPromptAnswers(
  db: Db,
  promptId: string,
  period: Period,
  filter: { platform?: Platform | undefined; date?: string | undefined; limit: number; full?: boolean },
): Promise<(AnswerRow & Partial<AnswerTextRow>)[]> {
  // The text columns are large: read them only for the full view.
  const { rows } = await sql<AnswerRow & Partial<AnswerTextRow>>`
    SELECT ${COLUMNS}${filter.full ? sql`, a.text, a.mention_excerpts` : sql``} FROM answers a
    WHERE a.prompt_id = ${promptId} AND a.day BETWEEN ${period.current.start} AND ${period.current.end}
      ${filter.platform ? sql`AND a.platform = ${filter.platform}` : sql``}
      ${filter.date ? sql`AND a.day = ${filter.date}` : sql``}
    ORDER BY a.collected_at DESC, a.id
    LIMIT ${filter.limit}`.execute(db);
  return rows;
}

/** Citations of some answers, in position order. */
export async function loadAnswerCitations(db: Db, ids: readonly string[]): Promise<AnswerCitationRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<AnswerCitationRow>`
    SELECT c.answer_id, c.position, u.url, u.domain, c.title, u.owner
    FROM unnest(${[...ids]}::uuid[]) AS k(id)
      -- LATERAL + OFFSET 0 (never flattened): one primary-key probe per answer, even without statistics.
      CROSS JOIN LATERAL (SELECT * FROM citations x WHERE x.answer_id = k.id OFFSET 0) c
      JOIN urls u ON u.id = c.url_id
    ORDER BY c.answer_id, c.position`.execute(db);
  return rows;
}

/** What the latest-answers query needs to know about the project. */
export interface LatestScope {
  projectId: string;
  /** Last aggregated answer day (null when never aggregated or empty). */
  maxDay: string | null;
  /** Platforms with snapshots in the current period. */
  platforms: readonly Platform[];
}

/**
 * The latest answer of each prompt and platform in the current period, newest first, at most
 * `limit`, and how many there are. The cost does not depend on the range.
 *
 * When there are more than `limit`, they are drawn round-robin across platforms: every platform's
 * most recent answer, then every platform's second most recent, and so on (within a round the
 * more recent first, ties by id), until `limit` are drawn. The newest `limit` would be those of
 * the platforms collected last (in the demo, 500 of 720 left ChatGPT out entirely); this way
 * every platform with answers is in the sample, each with an equal share (±1) when it has that
 * many, and a platform with fewer leaves its remainder to the others (docs/decisions.md,
 * "Report sections").
 */
export async function loadLatestAnswers(
  db: Db,
  scope: LatestScope,
  period: Period,
  limit: number,
): Promise<{ rows: (AnswerRow & { prompt_text: string })[]; total: number }> {
  if (scope.platforms.length === 0) return { rows: [], total: 0 };
  // Hundreds of rows with texts and arrays: one JSON value (jsonRows).
  const found = await jsonRows<Omit<AnswerRow, "collected_at"> & LatestExtras & { collected_at: string }>(
    db,
    [...(NAMES as (keyof AnswerRow)[]), "prompt_text", "total"],
    sql`(SELECT * FROM (
        SELECT ${COLUMNS}, p.text AS prompt_text, count(*) OVER () AS total,
          row_number() OVER (PARTITION BY a.platform ORDER BY a.collected_at DESC, a.id) AS draw_round
        FROM ${latestFrom(scope, period)}) ranked
      ORDER BY draw_round, collected_at DESC, id
      LIMIT ${limit}) latest`,
    sql`collected_at DESC, id`,
  );
  const rows = found.map(({ total: _, ...row }) => ({ ...row, collected_at: new Date(row.collected_at) }));
  return { rows, total: found[0]?.total ?? 0 };
}

/** What the latest answers add to an answer's columns: its prompt's text and how many there are. */
interface LatestExtras {
  prompt_text: string;
  total: number;
}

/**
 * Where the latest answers come from. When the period ends on or after the last aggregated day
 * (the usual case: as-of is today), the refresh's latest answer per prompt × platform is it, read by
 * primary key; for a past as-of, one index probe per prompt × platform.
 */
function latestFrom(scope: LatestScope, period: Period) {
  if (scope.maxDay !== null && period.current.end >= scope.maxDay) {
    return sql`agg_latest_answer l JOIN answers a ON a.id = l.answer_id JOIN prompts p ON p.id = a.prompt_id
      WHERE l.project_id = ${scope.projectId} AND l.day BETWEEN ${period.current.start} AND ${period.current.end}`;
  }
  return sql`prompts p
    CROSS JOIN unnest(${[...scope.platforms]}::text[]) AS pl(platform)
    CROSS JOIN LATERAL (
      SELECT ${columns("x")} FROM answers x
      WHERE x.prompt_id = p.id AND x.platform = pl.platform
        AND x.day BETWEEN ${period.current.start} AND ${period.current.end}
      ORDER BY x.collected_at DESC, x.id LIMIT 1) a
    WHERE p.project_id = ${scope.projectId}`;
}
