/** Percentiles and timed sampling shared by every bench area. */

/** Nearest-rank percentile (p in 0..100) of an ascending array. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** min / median / p95 / max / mean of samples (ms or any unit). */
export function summarize(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / (s.length || 1);
  return {
    n: s.length,
    min: s[0] ?? Number.NaN,
    median: percentile(s, 50),
    p95: percentile(s, 95),
    max: s[s.length - 1] ?? Number.NaN,
    mean,
  };
}

/** Wall time of one call, in ms. */
export async function timed(fn) {
  const t = performance.now();
  const value = await fn();
  return { ms: performance.now() - t, value };
}

/**
 * Runs `fn` `n` times after `warmup` untimed calls and returns the durations in ms; stops early
 * (keeping at least `minN` samples) once `budgetMs` is spent, so one slow target cannot blow the run's time bound.
 */
export async function sample(fn, { n = 20, warmup = 1, budgetMs = Number.POSITIVE_INFINITY, minN = 3 } = {}) {
  for (let i = 0; i < warmup; i++) await fn(i);
  const out = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
    if (out.length >= minN && performance.now() - start > budgetMs) break;
  }
  return out;
}
