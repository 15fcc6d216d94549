import type { CategoryVisibilityRow } from "../../../contract/index.js";
import type { BrandCells } from "../queries/prompt-cells.js";
import type { CategoryRecord, Counts, PromptRecord, PromptSums } from "./prompt-rows.js";
import { brandStats } from "./rate-stats.js";
import { rate } from "./rates.js";

const add = (a: Counts, b: Counts): Counts => ({
  snapshots: a.snapshots + b.snapshots,
  mentioned: a.mentioned + b.mentioned,
  cited: a.cited + b.cited,
});
const ZERO: Counts = { snapshots: 0, mentioned: 0, cited: 0 };

/**
 * Category rows in display order, then an Uncategorized row (id and color null) only when prompts
 * without a category have snapshots in either period. Snapshots add up to the period total.
 */
export function categoryRows(
  prompts: readonly PromptRecord[],
  sums: ReadonlyMap<string, PromptSums>,
  categories: readonly CategoryRecord[],
  cells: BrandCells,
): CategoryVisibilityRow[] {
  const known = new Set(categories.map((c) => c.id));
  const categoryOf = new Map(
    prompts.map((p) => [p.id, p.category_id !== null && known.has(p.category_id) ? p.category_id : null]),
  );
  const totals = new Map<string | null, { current: Counts; previous: Counts }>();
  for (const p of prompts) {
    const s = sums.get(p.id);
    if (!s) continue;
    const key = p.category_id !== null && known.has(p.category_id) ? p.category_id : null;
    const t = totals.get(key) ?? { current: ZERO, previous: ZERO };
    totals.set(key, { current: add(t.current, s.current), previous: add(t.previous, s.previous) });
  }
  const row = (id: string | null, name: string, color: string | null): CategoryVisibilityRow => {
    const t = totals.get(id) ?? { current: ZERO, previous: ZERO };
    const mention = rate(t.current.mentioned, t.current.snapshots);
    const citation = rate(t.current.cited, t.current.snapshots);
    const stats = brandStats(cells, (cell) => (categoryOf.get(cell.promptId) ?? null) === id);
    return {
      id,
      name,
      color,
      snapshots: t.current.snapshots,
      mention_rate: mention,
      mention_delta: mention - rate(t.previous.mentioned, t.previous.snapshots),
      citation_rate: citation,
      citation_delta: citation - rate(t.previous.cited, t.previous.snapshots),
      mention_stats: stats.mention,
      citation_stats: stats.citation,
    };
  };
  const rows = [...categories]
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
    .map((c) => row(c.id, c.name, c.color));
  const none = totals.get(null);
  if (none && none.current.snapshots + none.previous.snapshots > 0)
    rows.push(row(null, "Uncategorized", null));
  return rows;
}
