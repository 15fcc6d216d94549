import quantile from "@stdlib/stats-base-dists-t-quantile";
import type { RateStats } from "../../../contract/index.js";

/**
 * 95 % intervals and significance of rates that are ratios of sums over prompts, prompts being the
 * clusters (answers to one prompt are correlated from day to day). Linearized (delta-method)
 * variance, Student's t with (clusters − 1) degrees of freedom; the exact formulas and the edge
 * cases are in docs/metrics.md ("Intervals and significance").
 */

/** One prompt's contribution to a ratio in one period: numerator y, denominator x, its answers. */
export interface Cluster {
  y: number;
  x: number;
  answers: number;
}

/** The clusters of each period, keyed by prompt id; a prompt without answers in a period is absent. */
export interface ClusterPair {
  current: ReadonlyMap<string, Cluster>;
  previous: ReadonlyMap<string, Cluster>;
}

const LEVEL = 0.95;

// A report asks for the same few degrees of freedom (prompts − 1) hundreds of times, and each
// quantile is an iterative inversion: remember them (a project has at most a few thousand prompts).
const critical = new Map<number, number>();

/** Two-sided 95 % critical value of Student's t with `df` degrees of freedom. */
function tCritical(df: number): number {
  let t = critical.get(df);
  if (t === undefined) {
    t = quantile(1 - (1 - LEVEL) / 2, df);
    critical.set(df, t);
  }
  return t;
}

/**
 * One period's sums over the clusters of one rate. All are sums of integers (and of their
 * products), so they are exact in JavaScript and in SQL alike and in any order: an interval comes
 * out the same to the last bit whether the sums were made in the database (the overview,
 * queries/rate-moments.ts) or from the cells here.
 */
export interface PeriodMoments {
  /** The clusters: prompts with answers in the rate's scope. */
  prompts: number;
  answers: number;
  /** Σy, Σx, Σy², Σx², Σxy. */
  y: number;
  x: number;
  yy: number;
  xx: number;
  xy: number;
}

/** Both periods' sums and the cross-period ones (Σ over prompts of y₁y₀, y₁x₀, x₁y₀, x₁x₀). */
export interface RateMoments {
  current: PeriodMoments;
  previous: PeriodMoments;
  /** Prompts with answers in either period. */
  either: number;
  y1y0: number;
  y1x0: number;
  x1y0: number;
  x1x0: number;
}

/** The sums behind one entity's three rates: the brand's (overall, per platform, per category) or a competitor's. */
export interface EntityMoments {
  mention: RateMoments;
  citation: RateMoments;
  sov: RateMoments;
}

function periodMoments(clusters: ReadonlyMap<string, Cluster>): PeriodMoments {
  const m: PeriodMoments = { prompts: clusters.size, answers: 0, y: 0, x: 0, yy: 0, xx: 0, xy: 0 };
  for (const c of clusters.values()) {
    m.answers += c.answers;
    m.y += c.y;
    m.x += c.x;
    m.yy += c.y * c.y;
    m.xx += c.x * c.x;
    m.xy += c.x * c.y;
  }
  return m;
}

/** The sums of a pair of periods' clusters. */
export function momentsOf(pair: ClusterPair): RateMoments {
  let either = pair.current.size;
  let y1y0 = 0;
  let y1x0 = 0;
  let x1y0 = 0;
  let x1x0 = 0;
  for (const [id, p] of pair.previous) {
    const c = pair.current.get(id);
    if (!c) {
      either += 1;
      continue;
    }
    y1y0 += c.y * p.y;
    y1x0 += c.y * p.x;
    x1y0 += c.x * p.y;
    x1x0 += c.x * p.x;
  }
  return {
    current: periodMoments(pair.current),
    previous: periodMoments(pair.previous),
    either,
    y1y0,
    y1x0,
    x1y0,
    x1x0,
  };
}

const ratioOf = (m: PeriodMoments) => (m.x === 0 ? 0 : m.y / m.x);

/** Σzᵢ² of one period, zᵢ = (yᵢ − R·xᵢ) / Σx, expanded over the sums (Σx > 0). */
function sumZ2(m: PeriodMoments, r: number): number {
  return Math.max(0, m.yy - 2 * r * m.xy + r * r * m.xx) / (m.x * m.x);
}

/** Half-width of the 95 % interval from n linearized values summing to 0 with Σz² = ss, or null when n < 2. */
function halfWidth(n: number, ss: number): number | null {
  if (n < 2) return null;
  return tCritical(n - 1) * Math.sqrt((n / (n - 1)) * ss);
}

const clip = (v: number) => Math.min(1, Math.max(0, v));

/** The interval of one period's ratio, clipped to [0, 1]; null when it cannot be estimated. */
function interval(m: PeriodMoments, r: number): { low: number | null; high: number | null } {
  const h = m.x > 0 ? halfWidth(m.prompts, sumZ2(m, r)) : null;
  return h === null ? { low: null, high: null } : { low: clip(r - h), high: clip(r + h) };
}

/**
 * Sample sizes, 95 % intervals of both periods and of their difference, and whether the change is
 * significant at α = 0.05 (the difference's interval excludes 0), from one rate's sums.
 */
export function statsOfMoments(m: RateMoments): RateStats {
  const { current: cur, previous: prev } = m;
  const r1 = ratioOf(cur);
  const r0 = ratioOf(prev);
  const ci = interval(cur, r1);
  const pci = interval(prev, r0);
  let deltaLow: number | null = null;
  let deltaHigh: number | null = null;
  if (cur.x > 0 && prev.x > 0) {
    // Σ(z₁ᵢ − z₀ᵢ)² over the prompts of either period (a prompt of one period only counts 0 in the
    // other) = Σz₁² + Σz₀² − 2·Σz₁z₀, the cross sum expanded like the others.
    const cross = (m.y1y0 - r0 * m.y1x0 - r1 * m.x1y0 + r1 * r0 * m.x1x0) / (cur.x * prev.x);
    const h = halfWidth(m.either, Math.max(0, sumZ2(cur, r1) + sumZ2(prev, r0) - 2 * cross));
    if (h !== null) {
      const delta = r1 - r0;
      deltaLow = delta - h;
      deltaHigh = delta + h;
    }
  }
  return {
    answers: cur.answers,
    prompts: cur.prompts,
    previous_answers: prev.answers,
    previous_prompts: prev.prompts,
    low: ci.low,
    high: ci.high,
    previous_low: pci.low,
    previous_high: pci.high,
    delta_low: deltaLow,
    delta_high: deltaHigh,
    significant: deltaLow !== null && deltaHigh !== null && (deltaLow > 0 || deltaHigh < 0),
  };
}
