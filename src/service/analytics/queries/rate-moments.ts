import { type RawBuilder, sql } from "kysely";
import type { EntityMoments, PeriodMoments, RateMoments } from "../metrics/interval.js";
import type { Period } from "../period.js";
import { type AggMeta, type CumDays, cumDayList, cumDays, type Db } from "./meta.js";

/**
 * Each prompt's period counts, as the columns of the per-prompt step below: answers, the entity's
 * mentions and citations, all brands' mentions (the share-of-voice denominator).
 */
type Count = "n" | "m" | "c" | "a";

/** Each rate's numerator and denominator among a prompt's counts (docs/metrics.md, "Intervals and significance"). */
const RATES = { mention: ["m", "n"], citation: ["c", "n"], sov: ["m", "a"] } as const satisfies Record<
  keyof EntityMoments,
  readonly [Count, Count]
>;

const col = (count: Count, period: 0 | 1) => sql.raw(`${count}${period}`);
const total = (e: RawBuilder<unknown>) => sql`coalesce(sum(${e}), 0)`;

/** One period's sums of one rate, in PeriodMoments order after prompts and answers. */
function periodSums(y: Count, x: Count, p: 0 | 1): RawBuilder<unknown>[] {
  const [Y, X] = [col(y, p), col(x, p)];
  return [total(Y), total(X), total(sql`${Y} * ${Y}`), total(sql`${X} * ${X}`), total(sql`${X} * ${Y}`)];
}

/** The cross-period sums of one rate: y₁y₀, y₁x₀, x₁y₀, x₁x₀. */
function crossSums(y: Count, x: Count): RawBuilder<unknown>[] {
  const [y1, x1, y0, x0] = [col(y, 1), col(x, 1), col(y, 0), col(x, 0)];
  return [
    total(sql`${y1} * ${y0}`),
    total(sql`${y1} * ${x0}`),
    total(sql`${x1} * ${y0}`),
    total(sql`${x1} * ${x0}`),
  ];
}

const RATE_KEYS = Object.keys(RATES) as (keyof EntityMoments)[];
/** Values per rate in the result array: 5 + 5 period sums, 4 cross sums. */
const PER_RATE = 14;

/**
 * The result array of one entity over per-prompt rows holding n, m, c, a of both periods (n1 … a0):
 * clusters and answers of each period, prompts of either, then each rate's sums.
 */
const SUMS = sql`json_build_array(
  count(*) FILTER (WHERE n1 > 0), coalesce(sum(n1), 0),
  count(*) FILTER (WHERE n0 > 0), coalesce(sum(n0), 0),
  count(*) FILTER (WHERE n1 > 0 OR n0 > 0), ${sql.join(
    RATE_KEYS.flatMap((k) => {
      const [y, x] = RATES[k];
      return [...periodSums(y, x, 1), ...periodSums(y, x, 0), ...crossSums(y, x)];
    }),
  )})`;

/** Running-total rows of the period's boundary days, each with its sign in each period's difference. */
function boundaryRows(projectId: string, days: CumDays): RawBuilder<unknown> {
  // A day may be null (before the aggregates' span): `day = NULL` counts 0, as a missing row does.
  const sign = (end: string | null, before: string | null) =>
    sql`(coalesce((day = ${end}::date)::int, 0) - coalesce((day = ${before}::date)::int, 0))`;
  return sql`SELECT *, ${sign(days.curEnd, days.curBefore)} AS s1, ${sign(days.prevEnd, days.prevBefore)} AS s0
    FROM agg_prompt_cum WHERE project_id = ${projectId} AND day = ANY(${cumDayList(days)}::date[])`;
}

/** `sum(s<p> * <expr>)::float8 AS <count><p>` for both periods: one prompt's C(end) − C(start − 1). */
function perPrompt(counts: readonly [Count, RawBuilder<unknown>][]): RawBuilder<unknown> {
  return sql.join(
    ([1, 0] as const).flatMap((p) =>
      counts.map(([name, e]) => sql`sum(${sql.raw(`s${p}`)} * (${e}))::float8 AS ${col(name, p)}`),
    ),
  );
}

/** Answers, and all brands' mentions (the brand's plus each platform's tracked competitors'). */
function brandDenominators(meta: AggMeta): [Count, RawBuilder<unknown>][] {
  const others = meta.platforms.map(
    (_, i) => sql`coalesce(platform_competitor_mentions[${sql.lit(i + 1)}], 0)`,
  );
  return [
    ["n", sql`snapshots`],
    ["a", sql.join([sql`mentioned`, ...others], sql` + `)],
  ];
}

/** The brand's own counts per prompt. */
const brandCounts = (meta: AggMeta): [Count, RawBuilder<unknown>][] => [
  ...brandDenominators(meta),
  ["m", sql`mentioned`],
  ["c", sql`cited`],
];

/**
 * The brand's overall rate sums of both periods computed in the database: one row of numbers,
 * where the cells behind them are 4 running-total rows per prompt (a 90d overview at scale 10
 * shipped and parsed 5,280 rows of arrays per request). Each prompt's period counts are
 * C(end) − C(start − 1) as in prompt-cells.ts; the sums are of integers, so they equal the ones
 * computed from the cells exactly (float8 holds integers exactly up to 2⁵³).
 */
export async function loadBrandMoments(
  db: Db,
  projectId: string,
  meta: AggMeta,
  period: Period,
): Promise<EntityMoments> {
  const days = cumDays(meta, period);
  if (cumDayList(days).length === 0) return momentsFrom(ZEROS);
  const { rows } = await sql<{ v: number[] }>`
    WITH r AS (${boundaryRows(projectId, days)}),
      p AS (SELECT ${perPrompt(brandCounts(meta))} FROM r GROUP BY prompt_id)
    SELECT ${SUMS} AS v FROM p`.execute(db);
  return momentsFrom(rows[0]!.v);
}

/**
 * The brand's rate sums per category, the same way: a prompt counts in its category, or under
 * `null` (Uncategorized) when it has none or its category is not the project's.
 */
export async function loadCategoryMoments(
  db: Db,
  projectId: string,
  meta: AggMeta,
  period: Period,
): Promise<Map<string | null, EntityMoments>> {
  const days = cumDays(meta, period);
  if (cumDayList(days).length === 0) return new Map();
  const { rows } = await sql<{ g: string | null; v: number[] }>`
    WITH r AS (${boundaryRows(projectId, days)}),
      p AS (SELECT prompt_id, ${perPrompt(brandCounts(meta))} FROM r GROUP BY prompt_id)
    SELECT k.id AS g, ${SUMS} AS v
    FROM p LEFT JOIN prompts q ON q.id = p.prompt_id
      LEFT JOIN categories k ON k.id = q.category_id AND k.project_id = ${projectId}
    GROUP BY k.id`.execute(db);
  return new Map(rows.map((r) => [r.g, momentsFrom(r.v)]));
}

/**
 * Each tracked competitor's rate sums (its mentions and citations over the brand's denominators),
 * by competitor id (meta.competitorIds, the order of the running totals' competitor arrays): one
 * row per prompt holding every competitor's period counts as arrays, unnested into one row per
 * prompt and competitor for the sums (grouping the unnested running totals by prompt and
 * competitor took twice as long at scale 10). A competitor added since the last refresh has no
 * row and counts 0 everywhere (metrics/rate-stats.ts, `unnamedMoments`).
 */
export async function loadCompetitorMoments(
  db: Db,
  projectId: string,
  meta: AggMeta,
  period: Period,
): Promise<Map<string, EntityMoments>> {
  const days = cumDays(meta, period);
  if (cumDayList(days).length === 0 || meta.competitorIds.length === 0) return new Map();
  const each = (column: string, p: 0 | 1) =>
    sql`ARRAY[${sql.join(
      meta.competitorIds.map((_, j) => sql`sum(${sql.raw(`s${p}`)} * ${sql.raw(column)}[${sql.lit(j + 1)}])`),
    )}]::float8[]`;
  const { rows } = await sql<{ j: number; v: number[] }>`
    WITH r AS (${boundaryRows(projectId, days)}),
      p AS (SELECT ${perPrompt(brandDenominators(meta))},
          ${each("competitor_mentioned", 1)} AS km1, ${each("competitor_mentioned", 0)} AS km0,
          ${each("competitor_cited", 1)} AS kc1, ${each("competitor_cited", 0)} AS kc0
        FROM r GROUP BY prompt_id),
      k AS (SELECT p.n1, p.n0, p.a1, p.a0, u.m1, u.m0, u.c1, u.c0, u.j
        FROM p CROSS JOIN LATERAL unnest(p.km1, p.km0, p.kc1, p.kc0) WITH ORDINALITY AS u(m1, m0, c1, c0, j))
    SELECT j, ${SUMS} AS v FROM k GROUP BY j`.execute(db);
  return new Map(rows.map((r) => [meta.competitorIds[Number(r.j) - 1]!, momentsFrom(r.v)]));
}

/** The moments of the result array's layout above. */
function momentsFrom(v: readonly number[]): EntityMoments {
  const [prompts1, answers1, prompts0, answers0, either] = v as [number, number, number, number, number];
  const period = (at: number, prompts: number, answers: number): PeriodMoments => ({
    prompts,
    answers,
    y: v[at]!,
    x: v[at + 1]!,
    yy: v[at + 2]!,
    xx: v[at + 3]!,
    xy: v[at + 4]!,
  });
  const rate = (i: number): RateMoments => {
    const at = 5 + i * PER_RATE;
    return {
      current: period(at, prompts1, answers1),
      previous: period(at + 5, prompts0, answers0),
      either,
      y1y0: v[at + 10]!,
      y1x0: v[at + 11]!,
      x1y0: v[at + 12]!,
      x1x0: v[at + 13]!,
    };
  };
  return { mention: rate(0), citation: rate(1), sov: rate(2) };
}

const ZEROS: readonly number[] = new Array<number>(5 + RATE_KEYS.length * PER_RATE).fill(0);
