import { type Kysely, type RawBuilder, sql } from "kysely";
import { PLATFORMS } from "../../../contract/index.js";
import type { Database } from "../../store/schema.js";

/**
 * Rebuilds the analytics pre-aggregates (migration 002, docs/metrics.md) of one project, or of
 * every project, from `answers` and `citations`. Idempotent; one transaction per project, under an
 * advisory lock so concurrent refreshes (two replicas, a request's lazy refresh) serialize.
 */

type Db = Kysely<Database>;

/** The derived tables and their key columns, the only columns queries filter or join them on. */
const AGG_TABLES = {
  agg_platform_day: ["project_id", "day", "platform"],
  agg_competitor_day: ["project_id", "day", "platform", "competitor_id"],
  agg_prompt_cum: ["project_id", "day", "prompt_id"],
  agg_url_cum: ["project_id", "day", "url_id"],
  agg_url_prompt_days: ["project_id", "url_id", "prompt_id"],
  agg_competitor_prompt_days: ["project_id", "competitor_id", "prompt_id"],
  agg_latest_answer: ["project_id", "prompt_id", "platform"],
  agg_gap_pages_day: ["project_id", "day", "prompt_id", "url_id"],
  agg_projects: ["project_id"],
} as const;

// Arbitrary namespace so our advisory locks never collide with the migration lock.
const LOCK_NAMESPACE = 7_304_212;

/**
 * Rebuilds the pre-aggregates of `projects` (one id, several, or every project when omitted); call
 * after loading or ingesting answers. Several at once share the closing ANALYZE.
 */
export async function refreshAggregates(db: Db, projects?: string | readonly string[]): Promise<void> {
  const ids =
    projects === undefined
      ? (await db.selectFrom("projects").select("id").orderBy("id").execute()).map((p) => p.id)
      : typeof projects === "string"
        ? [projects]
        : projects;
  await refreshEach(db, ids, false);
}

/**
 * Rebuilds the pre-aggregates of those of `projects` (default: every project) that are due: marked
 * by a writer since their last refresh, or never built (docs/decisions.md, "Crash consistency").
 * Returns how many it rebuilt. Concurrent callers rebuild each project once: the check is made
 * again under the project's lock.
 */
export async function refreshDue(db: Db, projects?: readonly string[]): Promise<number> {
  if (projects !== undefined && projects.length === 0) return 0;
  const only =
    projects === undefined ? sql`` : sql`AND p.id IN (${sql.join(projects.map((id) => sql`${id}::uuid`))})`;
  const due = await sql<{ id: string }>`
    SELECT p.id FROM projects p
    WHERE (p.aggregates_due OR NOT EXISTS (SELECT 1 FROM agg_projects a WHERE a.project_id = p.id)) ${only}
    ORDER BY p.id`.execute(db);
  return refreshEach(
    db,
    due.rows.map((r) => r.id),
    true,
  );
}

async function refreshEach(db: Db, ids: readonly string[], onlyIfDue: boolean): Promise<number> {
  let rebuilt = 0;
  for (const id of ids) {
    const done = db.isTransaction
      ? await refreshProject(db, id, onlyIfDue)
      : await db.transaction().execute((trx) => refreshProject(trx, id, onlyIfDue));
    if (done) rebuilt++;
  }
  if (rebuilt === 0) return 0;
  // Fresh statistics, or the planner misjudges these freshly filled tables (PGlite has no
  // autovacuum). Key columns only: sampling agg_prompt_cum's arrays took ten times as long.
  for (const [table, keys] of Object.entries(AGG_TABLES))
    await sql`ANALYZE ${sql.table(table)} (${sql.join(keys.map((k) => sql.id(k)))})`.execute(db);
  return rebuilt;
}

/**
 * Rebuilds one project's aggregates in the caller's transaction; false when `onlyIfDue` and they
 * are not due. The project's row is locked first: a writer marks the aggregates due with an
 * UPDATE of that row at the end of its transaction, so a writer that committed before the lock
 * has its rows read here, and one that commits after it marks the aggregates due again, after this
 * refresh clears the mark. Nothing committed is ever left out while the mark says fresh.
 */
async function refreshProject(db: Db, p: string, onlyIfDue: boolean): Promise<boolean> {
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(LOCK_NAMESPACE)}, hashtext(${p}))`.execute(db);
  const state = await sql<{ due: boolean; built: boolean }>`
    SELECT aggregates_due AS due, EXISTS (SELECT 1 FROM agg_projects WHERE project_id = ${p}) AS built
    FROM projects WHERE id = ${p} FOR NO KEY UPDATE`.execute(db);
  const row = state.rows[0];
  if (!row) return false;
  if (onlyIfDue && row.built && !row.due) return false;
  // The fills sort and hash a whole project's answers; at the default 4 MB they spill to disk.
  await sql`SET LOCAL work_mem = '64MB'`.execute(db);
  for (const table of Object.keys(AGG_TABLES))
    await sql`DELETE FROM ${sql.table(table)} WHERE project_id = ${p}`.execute(db);
  // The arrays of agg_prompt_cum follow these two lists, stored beside them (docs/metrics.md).
  const competitorIds = (
    await db.selectFrom("competitors").select("id").where("project_id", "=", p).orderBy("id").execute()
  ).map((c) => c.id);
  await sql`INSERT INTO agg_projects (project_id, base_day, max_day, platforms, competitor_ids)
    SELECT ${p}::uuid, min(day), max(day), ${[...PLATFORMS]}::text[], ${competitorIds}::uuid[]
    FROM answers WHERE project_id = ${p}`.execute(db);
  for (const statement of statements(p, competitorIds)) await statement.execute(db);
  // No version moves here: a read of a due project refreshes before it computes (loadMeta), so no
  // answer was cached from the aggregates this replaces under the rows' version.
  if (row.due) await sql`UPDATE projects SET aggregates_due = false WHERE id = ${p}`.execute(db);
  return true;
}

const ref = (name: string) => sql.raw(name);
const list = (items: readonly RawBuilder<unknown>[]) =>
  items.length === 0 ? sql`` : sql`, ${sql.join(items)}`;
/** `ARRAY[Σ d.<prefix>0 OVER w, …]`: the running totals of one array column. */
function cumArray(prefix: string, n: number): RawBuilder<unknown> {
  if (n === 0) return sql`'{}'::integer[]`;
  const sums = Array.from({ length: n }, (_, i) => sql`sum(coalesce(d.${ref(`${prefix}${i}`)}, 0)) OVER w`);
  return sql`ARRAY[${sql.join(sums)}]::integer[]`;
}

/**
 * An answer is a gap answer when it names a tracked competitor and not the brand (docs/metrics.md,
 * "Opportunities"); `tracked` is the project's competitor ids.
 */
const gapAnswer = (a: string, tracked: RawBuilder<unknown>) =>
  sql`(NOT ${ref(a)}.brand_mentioned AND ${ref(a)}.mentioned_competitor_ids && ${tracked})`;

/**
 * Dense running totals per prompt: a period sum is two row reads, C(end) − C(start − 1). Beside
 * the prompt's own counts, its counts per platform (PLATFORMS order) and per tracked competitor
 * (`competitorIds` order) as arrays, the clusters of the intervals, and its gap answers with the
 * latest of them (docs/metrics.md, "Per-prompt counts", "Opportunities"). One pass over the
 * answers pivots them by platform and competitor, one sort runs all the window sums.
 */
function promptCum(p: string, competitorIds: readonly string[]): RawBuilder<unknown> {
  const meta = metaOf(p);
  const byPlatform = PLATFORMS.flatMap((x, i) => [
    sql`count(*) FILTER (WHERE platform = ${x}) AS ${ref(`s${i}`)}`,
    sql`count(*) FILTER (WHERE platform = ${x} AND brand_mentioned) AS ${ref(`m${i}`)}`,
    sql`count(*) FILTER (WHERE platform = ${x} AND brand_cited) AS ${ref(`c${i}`)}`,
    sql`sum(nk) FILTER (WHERE platform = ${x}) AS ${ref(`k${i}`)}`,
    sql`count(*) FILTER (WHERE platform = ${x} AND gap) AS ${ref(`g${i}`)}`,
  ]);
  // Each competitor's membership tests once per answer (mk<j>, ck<j>), not once per aggregate.
  const byCompetitor = competitorIds.flatMap((_, j) => [
    sql`count(*) FILTER (WHERE ${ref(`mk${j}`)}) AS ${ref(`cm${j}`)}`,
    sql`count(*) FILTER (WHERE ${ref(`ck${j}`)}) AS ${ref(`cc${j}`)}`,
    sql`count(*) FILTER (WHERE gap AND ${ref(`mk${j}`)}) AS ${ref(`cg${j}`)}`,
  ]);
  const membership = competitorIds.flatMap((id, j) => [
    sql`${id}::uuid = ANY(mentioned_competitor_ids) AS ${ref(`mk${j}`)}`,
    sql`${id}::uuid = ANY(cited_competitor_ids) AS ${ref(`ck${j}`)}`,
  ]);
  // Tracked competitors an answer names, each at most once (the share-of-voice denominator part).
  const named =
    competitorIds.length === 0
      ? sql`0`
      : sql.join(
          competitorIds.map((_, j) => sql`${ref(`mk${j}`)}::int`),
          sql` + `,
        );
  const tracked = sql`${competitorIds}::uuid[]`;
  const n = PLATFORMS.length;
  const k = competitorIds.length;
  // The latest gap answer as one sortable text, "<UTC time, fixed width> <id> <platform>", so that
  // a running max() carries it forward (ties of time go to the greater id).
  const lastGap = sql`max((CASE WHEN gap THEN to_char(collected_at AT TIME ZONE 'UTC',
    'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || ' ' || id::text || ' ' || platform END) COLLATE "C")`;
  return sql`INSERT INTO agg_prompt_cum (project_id, day, prompt_id, snapshots, mentioned, cited,
      last_collected_at, platform_snapshots, platform_mentioned, platform_cited,
      platform_competitor_mentions, platform_gaps, competitor_mentioned, competitor_cited,
      competitor_gaps, last_gap)
    WITH daily AS (
      SELECT prompt_id, day, count(*) AS s, count(*) FILTER (WHERE brand_mentioned) AS m,
        count(*) FILTER (WHERE brand_cited) AS c, max(collected_at) AS last,
        ${lastGap} AS lg${list(byPlatform)}${list(byCompetitor)}
      FROM (SELECT *, ${named} AS nk, ${gapAnswer("a0", tracked)} AS gap
        FROM (SELECT prompt_id, day, platform, id, collected_at, brand_mentioned, brand_cited,
            mentioned_competitor_ids${list(membership)}
          FROM answers WHERE project_id = ${p}) a0) a
      GROUP BY prompt_id, day),
    grid AS (
      SELECT k.prompt_id, d::date AS day
      FROM (SELECT DISTINCT prompt_id FROM daily) k, ${meta} m,
        generate_series(m.base_day::timestamp, m.max_day::timestamp, interval '1 day') d)
    SELECT ${p}::uuid, g.day, g.prompt_id,
      sum(coalesce(d.s, 0)) OVER w, sum(coalesce(d.m, 0)) OVER w, sum(coalesce(d.c, 0)) OVER w,
      max(d.last) OVER w, ${cumArray("s", n)}, ${cumArray("m", n)}, ${cumArray("c", n)}, ${cumArray("k", n)},
      ${cumArray("g", n)}, ${cumArray("cm", k)}, ${cumArray("cc", k)}, ${cumArray("cg", k)}, max(d.lg COLLATE "C") OVER w
    FROM grid g LEFT JOIN daily d ON d.prompt_id = g.prompt_id AND d.day = g.day
    WINDOW w AS (PARTITION BY g.prompt_id ORDER BY g.day)
    -- Stored by day: a request reads all prompts at a few days, from a few pages.
    ORDER BY g.day, g.prompt_id`;
}

/**
 * Gap answers citing each competitor page, per prompt and day: the pages behind a gap over any
 * period are a sum over its days (an answer has one day, so no answer counts twice).
 */
function gapPages(p: string, competitorIds: readonly string[]): RawBuilder<unknown> {
  return sql`INSERT INTO agg_gap_pages_day (project_id, day, prompt_id, url_id, answers)
    SELECT ${p}::uuid, a.day, a.prompt_id, c.url_id, count(DISTINCT a.id)
    FROM answers a JOIN citations c ON c.answer_id = a.id
      JOIN urls u ON u.id = c.url_id AND u.owner = 'competitor' AND u.competitor_id IS NOT NULL
    WHERE a.project_id = ${p} AND ${gapAnswer("a", sql`${competitorIds}::uuid[]`)}
    GROUP BY a.day, a.prompt_id, c.url_id
    ORDER BY a.day, a.prompt_id, c.url_id`;
}

function metaOf(p: string): RawBuilder<unknown> {
  return sql`(SELECT base_day, max_day, (max_day - base_day + 1) AS len
    FROM agg_projects WHERE project_id = ${p} AND base_day IS NOT NULL)`;
}

/** Days per bigint word of dayBitmaps (63: the sign bit stays clear, so a word is never negative). */
const WORD_DAYS = 63;

/**
 * `SELECT <keys>, days` with `days` the bitmap of the project's days (bit i = base_day + i) on
 * which `source` has a row for the key; `source` yields the key columns and `d`, the day offset.
 * Bits are OR-ed into 63-day bigint words and the words joined as text once per key: OR-ing a
 * full-length varbit per source row (set_bit) copied the whole bitmap every time and took three
 * times as long on the demo's 745,000 citations.
 */
function dayBitmaps(p: string, keys: readonly string[], source: RawBuilder<unknown>): RawBuilder<unknown> {
  const key = (alias: string) => sql.join(keys.map((k) => sql.ref(`${alias}.${k}`)));
  const on = sql.join(
    keys.map((k) => sql`w.${sql.ref(k)} = k.${sql.ref(k)}`),
    sql` AND `,
  );
  const word = sql.lit(WORD_DAYS);
  return sql`WITH src AS (${source}),
    w AS (SELECT ${key("src")}, src.d / ${word} AS word,
        bit_or(1::bigint << (${word} - 1 - src.d % ${word})) AS bits
      FROM src GROUP BY ${key("src")}, src.d / ${word}),
    k AS (SELECT DISTINCT ${key("w")} FROM w)
    SELECT ${key("k")}, left(string_agg(substring(coalesce(w.bits, 0)::bit(64)::text, 2), ''
        ORDER BY g.word), m.len)::varbit AS days
    FROM k CROSS JOIN ${metaOf(p)} m CROSS JOIN generate_series(0, (m.len - 1) / ${word}) g(word)
      LEFT JOIN w ON ${on} AND w.word = g.word
    GROUP BY ${key("k")}, m.len
    ORDER BY ${key("k")}`;
}

/** The fill statements; each reads base_day/max_day from agg_projects (no rows when the project has no answers). */
function statements(p: string, competitorIds: readonly string[]) {
  const meta = metaOf(p);
  return [
    // Only tracked competitors count, and each at most once per answer (docs/decisions.md#metrics).
    sql`INSERT INTO agg_competitor_day (project_id, competitor_id, day, platform, mentioned, cited)
      SELECT a.project_id, c.id, a.day, a.platform,
        count(*) FILTER (WHERE c.id = ANY(a.mentioned_competitor_ids)),
        count(*) FILTER (WHERE c.id = ANY(a.cited_competitor_ids))
      FROM answers a JOIN competitors c ON c.project_id = a.project_id
        AND (c.id = ANY(a.mentioned_competitor_ids) OR c.id = ANY(a.cited_competitor_ids))
      WHERE a.project_id = ${p}
      GROUP BY a.project_id, c.id, a.day, a.platform`,
    // After agg_competitor_day: competitor_mentions is the share-of-voice denominator part.
    sql`INSERT INTO agg_platform_day (project_id, day, platform, snapshots, mentioned, cited, competitor_mentions)
      SELECT a.project_id, a.day, a.platform, count(*),
        count(*) FILTER (WHERE a.brand_mentioned), count(*) FILTER (WHERE a.brand_cited),
        coalesce(max(k.n), 0)
      FROM answers a LEFT JOIN (
        SELECT day, platform, sum(mentioned) AS n FROM agg_competitor_day
        WHERE project_id = ${p} GROUP BY day, platform) k ON k.day = a.day AND k.platform = a.platform
      WHERE a.project_id = ${p} GROUP BY a.project_id, a.day, a.platform`,
    promptCum(p, competitorIds),
    gapPages(p, competitorIds),
    // Citations of a URL = snapshots citing it (one per answer, whatever its positions).
    sql`INSERT INTO agg_url_cum (project_id, day, url_id, citations)
      WITH daily AS (
        -- DISTINCT first: hashed, where count(DISTINCT) sorted every citation by (url, day, answer).
        SELECT url_id, day, count(*) AS n
        FROM (SELECT DISTINCT url_id, day, answer_id FROM citations WHERE project_id = ${p}) c
        GROUP BY url_id, day),
      grid AS (
        SELECT k.url_id, d::date AS day
        FROM (SELECT DISTINCT url_id FROM daily) k, ${meta} m,
          generate_series(m.base_day::timestamp, m.max_day::timestamp, interval '1 day') d)
      SELECT ${p}::uuid, g.day, g.url_id, sum(coalesce(d.n, 0)) OVER w
      FROM grid g LEFT JOIN daily d ON d.url_id = g.url_id AND d.day = g.day
      WINDOW w AS (PARTITION BY g.url_id ORDER BY g.day)
      ORDER BY g.day, g.url_id`,
    sql`INSERT INTO agg_url_prompt_days (project_id, url_id, prompt_id, days)
      SELECT ${p}::uuid, url_id, prompt_id, days FROM (${dayBitmaps(
        p,
        ["url_id", "prompt_id"],
        sql`SELECT c.url_id, c.prompt_id, c.day - m.base_day AS d
          FROM citations c, ${meta} m
          WHERE c.project_id = ${p} AND c.day BETWEEN m.base_day AND m.max_day`,
      )}) b`,
    sql`INSERT INTO agg_competitor_prompt_days (project_id, competitor_id, prompt_id, days)
      SELECT ${p}::uuid, competitor_id, prompt_id, days FROM (${dayBitmaps(
        p,
        ["competitor_id", "prompt_id"],
        sql`SELECT c.id AS competitor_id, a.prompt_id, a.day - m.base_day AS d
          FROM answers a JOIN competitors c ON c.project_id = a.project_id
            AND c.id = ANY(a.mentioned_competitor_ids), ${meta} m
          WHERE a.project_id = ${p}`,
      )}) b`,
    sql`INSERT INTO agg_latest_answer (project_id, prompt_id, platform, answer_id, day)
      SELECT DISTINCT ON (prompt_id, platform) ${p}::uuid, prompt_id, platform, id, day
      FROM answers WHERE project_id = ${p}
      ORDER BY prompt_id, platform, collected_at DESC, id`,
  ];
}
