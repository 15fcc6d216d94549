/**
 * Shapes the hand-computed expectations of the fixture suites share. Each delta is computed as
 * `current - previous` from the same two fractions the expectation was written with, so the
 * expected numbers are exactly those of the literal `a / b - c / d` they replace.
 */

/** A figure with its previous period: `{ current, previous, delta }`. */
export function change(current: number, previous: number) {
  return { current, previous, delta: current - previous };
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
    mention_rate: mention[0],
    mention_delta: mention[0] - mention[1],
    citation_rate: citation[0],
    citation_delta: citation[0] - citation[1],
    sov: sov[0],
    sov_delta: sov[0] - sov[1],
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
  return {
    id,
    name,
    color,
    snapshots,
    mention_rate: mention[0],
    mention_delta: mention[0] - mention[1],
    citation_rate: citation[0],
    citation_delta: citation[0] - citation[1],
  };
}
