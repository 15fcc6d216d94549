/**
 * Shapes the hand-computed expectations of the fixture suites share. Each delta is computed as
 * `current - previous` from the same two fractions the expectation was written with, so the
 * expected numbers are exactly those of the literal `a / b - c / d` they replace.
 *
 * Rates also carry `stats` (sample sizes, intervals, significance): these suites pin the rates,
 * `rate-stats.test.ts` pins the stats by hand on its own fixture, so here they are only present.
 */
import { expect } from "vitest";

/** Any stats object (pinned in rate-stats.test.ts). */
export const STATS = expect.objectContaining({ significant: expect.any(Boolean) });

/** A rate with its previous period and stats: `{ current, previous, delta, stats }`. */
export function rateChange(current: number, previous: number) {
  return { ...change(current, previous), stats: STATS };
}

/** A figure with its previous period: `{ current, previous, delta }`. */
export function change(current: number, previous: number) {
  return { current, previous, delta: current - previous };
}

/** A leaderboard's `your_position`; each rate is given as [rank, current, previous]. */
export function yourPosition(mention: Ranked, citation: Ranked, sov: Ranked) {
  const at = ([rank, value, previous]: Ranked) => ({ rank, value, delta: value - previous });
  return { mention: at(mention), citation: at(citation), sov: at(sov) };
}
type Ranked = [rank: number, current: number, previous: number];

/** A 7d leaderboard of `total` snapshots. */
export function leaderboard(total: number, yourPosition: object, rows: object[]) {
  return { range: "7d", total_snapshots: total, your_position: yourPosition, rows };
}

/** The mention and citation rates of a row, each given as [current, previous], with their stats. */
function mentionAndCitation(mention: [number, number], citation: [number, number]) {
  return {
    mention_rate: mention[0],
    mention_delta: mention[0] - mention[1],
    citation_rate: citation[0],
    citation_delta: citation[0] - citation[1],
    mention_stats: STATS,
    citation_stats: STATS,
  };
}

/** A leaderboard row; each rate is given as [current, previous]. */
export function leaderRow(
  name: string,
  isYou: boolean,
  mention: [number, number],
  citation: [number, number],
  sov: [number, number],
) {
  return {
    name,
    is_you: isYou,
    ...mentionAndCitation(mention, citation),
    sov: sov[0],
    sov_delta: sov[0] - sov[1],
    sov_stats: STATS,
  };
}

/** A category row; each rate is given as [current, previous]. */
export function categoryRow(
  id: string | null,
  name: string,
  color: string | null,
  snapshots: number,
  mention: [number, number],
  citation: [number, number],
) {
  return { id, name, color, snapshots, ...mentionAndCitation(mention, citation) };
}

/** A report platforms row; each rate is given as [current, previous]. */
export function platformRow(
  platform: string,
  snapshots: number,
  mention: [number, number],
  citation: [number, number],
  sov: [number, number],
) {
  return {
    platform,
    snapshots,
    ...mentionAndCitation(mention, citation),
    share_of_voice: sov[0],
    sov_delta: sov[0] - sov[1],
    sov_stats: STATS,
  };
}
