import { type RawBuilder, sql } from "kysely";
import type { PeriodMoments, RateMoments } from "../metrics/interval.js";
import type { Period } from "../period.js";
import { type AggMeta, cumDayList, cumDays, type Db } from "./meta.js";

/** The sums behind the brand's three overall rates (metrics/interval.ts). */
export interface BrandMoments {
  mention: RateMoments;
  citation: RateMoments;
  sov: RateMoments;
}

/** Each prompt's period counts, as the columns of the per-prompt step below: answers, mentions, citations, all brands' mentions. */
type Count = "n" | "m" | "c" | "a";

/** Each rate's numerator and denominator among a prompt's counts (docs/metrics.md, "Intervals and significance"). */
const RATES = { mention: ["m", "n"], citation: ["c", "n"], sov: ["m", "a"] } as const satisfies Record<
  keyof BrandMoments,
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

const RATE_KEYS = Object.keys(RATES) as (keyof BrandMoments)[];
/** Values per rate in the result array: 5 + 5 period sums, 4 cross sums. */
const PER_RATE = 14;

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
): Promise<BrandMoments> {
  const days = cumDays(meta, period);
  const list = cumDayList(days);
  if (list.length === 0) return zeroMoments();
  // A day may be null (before the aggregates' span): `day = NULL` counts 0, as a missing row does.
  const sign = (end: string | null, before: string | null) =>
    sql`(coalesce((day = ${end}::date)::int, 0) - coalesce((day = ${before}::date)::int, 0))`;
  const others = meta.platforms.map(
    (_, i) => sql`coalesce(platform_competitor_mentions[${sql.lit(i + 1)}], 0)`,
  );
  const allMentions = sql.join([sql`mentioned`, ...others], sql` + `);
  const perPrompt = ([1, 0] as const).flatMap((p) => {
    const s = sql.raw(`s${p}`);
    return [
      sql`sum(${s} * snapshots)::float8 AS ${col("n", p)}`,
      sql`sum(${s} * mentioned)::float8 AS ${col("m", p)}`,
      sql`sum(${s} * cited)::float8 AS ${col("c", p)}`,
      sql`sum(${s} * (${allMentions}))::float8 AS ${col("a", p)}`,
    ];
  });
  const sums = RATE_KEYS.flatMap((k) => {
    const [y, x] = RATES[k];
    return [...periodSums(y, x, 1), ...periodSums(y, x, 0), ...crossSums(y, x)];
  });
  const { rows } = await sql<{ v: number[] }>`
    WITH r AS (
      SELECT prompt_id, snapshots, mentioned, cited, platform_competitor_mentions,
        ${sign(days.curEnd, days.curBefore)} AS s1, ${sign(days.prevEnd, days.prevBefore)} AS s0
      FROM agg_prompt_cum WHERE project_id = ${projectId} AND day = ANY(${list}::date[])),
    p AS (SELECT ${sql.join(perPrompt)} FROM r GROUP BY prompt_id)
    SELECT json_build_array(
      count(*) FILTER (WHERE n1 > 0), coalesce(sum(n1), 0),
      count(*) FILTER (WHERE n0 > 0), coalesce(sum(n0), 0),
      count(*) FILTER (WHERE n1 > 0 OR n0 > 0), ${sql.join(sums)}) AS v
    FROM p`.execute(db);
  return momentsFrom(rows[0]!.v);
}

/** The moments of the result array's layout above. */
function momentsFrom(v: readonly number[]): BrandMoments {
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

function zeroMoments(): BrandMoments {
  return momentsFrom(new Array<number>(5 + RATE_KEYS.length * PER_RATE).fill(0));
}
