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
export function tCritical(df: number): number {
  let t = critical.get(df);
  if (t === undefined) {
    t = quantile(1 - (1 - LEVEL) / 2, df);
    critical.set(df, t);
  }
  return t;
}

interface Fit {
  ratio: number;
  /** Σx: the ratio's denominator. */
  total: number;
  answers: number;
  /** Each cluster's linearized value (y − R·x) / Σx. */
  z: Map<string, number>;
}

function ratioFit(clusters: ReadonlyMap<string, Cluster>): Fit {
  let y = 0;
  let x = 0;
  let answers = 0;
  for (const c of clusters.values()) {
    y += c.y;
    x += c.x;
    answers += c.answers;
  }
  const ratio = x === 0 ? 0 : y / x;
  const z = new Map<string, number>();
  if (x > 0) for (const [id, c] of clusters) z.set(id, (c.y - ratio * c.x) / x);
  return { ratio, total: x, answers, z };
}

/** Half-width of the 95 % interval from linearized values (Σz = 0), or null with fewer than 2 clusters. */
function halfWidth(z: Iterable<number>): number | null {
  let n = 0;
  let ss = 0;
  for (const v of z) {
    n += 1;
    ss += v * v;
  }
  if (n < 2) return null;
  return tCritical(n - 1) * Math.sqrt((n / (n - 1)) * ss);
}

const clip = (v: number) => Math.min(1, Math.max(0, v));

/** The interval of one period's ratio, clipped to [0, 1]; null when it cannot be estimated. */
function interval(f: Fit): { low: number | null; high: number | null } {
  const h = f.total > 0 ? halfWidth(f.z.values()) : null;
  return h === null ? { low: null, high: null } : { low: clip(f.ratio - h), high: clip(f.ratio + h) };
}

/**
 * Sample sizes, 95 % intervals of both periods and of their difference, and whether the change is
 * significant at α = 0.05 (the difference's interval excludes 0), for one rate.
 */
export function rateStats(pair: ClusterPair): RateStats {
  const cur = ratioFit(pair.current);
  const prev = ratioFit(pair.previous);
  const ci = interval(cur);
  const pci = interval(prev);
  let deltaLow: number | null = null;
  let deltaHigh: number | null = null;
  if (cur.total > 0 && prev.total > 0) {
    // Per-prompt differences of the linearized values; a prompt of one period only counts 0 in the other.
    const ids = new Set([...cur.z.keys(), ...prev.z.keys()]);
    const h = halfWidth([...ids].map((id) => (cur.z.get(id) ?? 0) - (prev.z.get(id) ?? 0)));
    if (h !== null) {
      const delta = cur.ratio - prev.ratio;
      deltaLow = delta - h;
      deltaHigh = delta + h;
    }
  }
  return {
    answers: cur.answers,
    prompts: pair.current.size,
    previous_answers: prev.answers,
    previous_prompts: pair.previous.size,
    low: ci.low,
    high: ci.high,
    previous_low: pci.low,
    previous_high: pci.high,
    delta_low: deltaLow,
    delta_high: deltaHigh,
    significant: deltaLow !== null && deltaHigh !== null && (deltaLow > 0 || deltaHigh < 0),
  };
}
