/**
 * Competition ranks of `values`, higher is better: 1 is best and ties share a rank (1, 2, 2, 4).
 * Exact comparison of unrounded values: equal fractions divide to the same double.
 */
export function competitionRanks(values: readonly number[]): number[] {
  return values.map((v) => 1 + values.filter((other) => other > v).length);
}

/** Competition ranks of rows by a numeric key, in the rows' order. */
export function ranksBy<T>(rows: readonly T[], key: (row: T) => number): number[] {
  return competitionRanks(rows.map(key));
}
