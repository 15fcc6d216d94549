import type { Metric } from "../../../contract/index.js";

/** n / d, or 0 when there is nothing to divide by (docs/decisions.md#metrics: zero without data). */
export function rate(n: number, d: number): number {
  return d === 0 ? 0 : n / d;
}

/**
 * A comparison object; delta from the unrounded values. A null previous (a comparison period
 * without data, docs/api.md Extensions to v1) gives a null delta: no change is claimed.
 */
export function metric(current: number, previous: number | null): Metric {
  return { current, previous, delta: previous === null ? null : current - previous };
}

/** Share of voice: the entity's mentions over the mentions of the brand and every tracked competitor. */
export function shareOfVoice(entityMentions: number, allMentions: number): number {
  return rate(entityMentions, allMentions);
}
