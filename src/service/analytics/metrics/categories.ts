import type { CategoryVisibilityRow } from "../../../contract/index.js";
import type { EntityMoments, PeriodMoments } from "./interval.js";
import type { CategoryRecord } from "./prompt-rows.js";
import { NO_MOMENTS, statsOf } from "./rate-stats.js";
import { rate } from "./rates.js";

/**
 * Category rows in display order, then an Uncategorized row (id and color null) only when prompts
 * without a category have snapshots in either period. Snapshots add up to the period total. Each
 * row is read off its category's rate sums (`moments`, by category id, null for Uncategorized): a
 * rate's Σx is the category's answers and Σy its mentions or citations.
 */
export function categoryRows(
  categories: readonly CategoryRecord[],
  moments: ReadonlyMap<string | null, EntityMoments>,
): CategoryVisibilityRow[] {
  const row = (id: string | null, name: string, color: string | null): CategoryVisibilityRow => {
    const m = moments.get(id) ?? NO_MOMENTS;
    const ratio = (p: PeriodMoments) => rate(p.y, p.x);
    const mention = ratio(m.mention.current);
    const citation = ratio(m.citation.current);
    const stats = statsOf(m);
    return {
      id,
      name,
      color,
      snapshots: m.mention.current.answers,
      mention_rate: mention,
      mention_delta: mention - ratio(m.mention.previous),
      citation_rate: citation,
      citation_delta: citation - ratio(m.citation.previous),
      mention_stats: stats.mention,
      citation_stats: stats.citation,
    };
  };
  const rows = [...categories]
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
    .map((c) => row(c.id, c.name, c.color));
  const none = moments.get(null);
  if (none && none.mention.current.answers + none.mention.previous.answers > 0)
    rows.push(row(null, "Uncategorized", null));
  return rows;
}
