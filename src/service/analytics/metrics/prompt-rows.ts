import { type PromptItem, UNCATEGORIZED } from "../../../contract/index.js";
import { rate } from "./rates.js";

/** Snapshot counts of one period. */
export interface Counts {
  snapshots: number;
  mentioned: number;
  cited: number;
}

/** One prompt's counts in both periods and its latest collection up to the as-of day. */
export interface PromptSums {
  current: Counts;
  previous: Counts;
  lastCollectedAt: Date | null;
}

/** A prompt as stored. */
export interface PromptRecord {
  id: string;
  text: string;
  category_id: string | null;
  status: string;
  created_at: Date;
}

/** A category as stored. */
export interface CategoryRecord {
  id: string;
  name: string;
  color: string;
  order: number;
}

/** A prompt list item plus its current snapshots (the report's prompts rows). */
export type PromptRow = PromptItem & { snapshots: number };

const ZERO: Counts = { snapshots: 0, mentioned: 0, cited: 0 };

/** Zero counts for prompts without aggregates. */
export function zeroSums(): PromptSums {
  return { current: ZERO, previous: ZERO, lastCollectedAt: null };
}

/** One row per prompt with its rates and deltas (rates zero without snapshots). */
export function promptRows(
  prompts: readonly PromptRecord[],
  sums: ReadonlyMap<string, PromptSums>,
  categories: readonly CategoryRecord[],
): PromptRow[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  return prompts.map((p) => {
    const s = sums.get(p.id) ?? zeroSums();
    const category = p.category_id === null ? undefined : byId.get(p.category_id);
    const mention = rate(s.current.mentioned, s.current.snapshots);
    const citation = rate(s.current.cited, s.current.snapshots);
    return {
      id: p.id,
      text: p.text,
      category_id: category ? category.id : null,
      category: category ? { id: category.id, name: category.name, color: category.color } : null,
      mention_rate: mention,
      mention_rate_delta: mention - rate(s.previous.mentioned, s.previous.snapshots),
      citation_rate: citation,
      citation_rate_delta: citation - rate(s.previous.cited, s.previous.snapshots),
      last_collected_at: s.lastCollectedAt ? s.lastCollectedAt.toISOString() : null,
      status: "PENDING",
      created_at: p.created_at.toISOString(),
      snapshots: s.current.snapshots,
    };
  });
}

/** Prompt list filters: case-insensitive text search and a category id or `__uncategorized__`. */
export function filterPrompts(rows: readonly PromptRow[], search?: string, category?: string): PromptRow[] {
  const needle = search?.toLowerCase();
  // Ids are stored lowercase; the contract accepts a UUID in any case (as path ids are).
  const wanted = category?.toLowerCase();
  return rows.filter(
    (r) =>
      (needle === undefined || r.text.toLowerCase().includes(needle)) &&
      (wanted === undefined ||
        (wanted === UNCATEGORIZED ? r.category_id === null : r.category_id === wanted)),
  );
}

/** Sorts prompt rows; `category` sorts by display order then name, uncategorized last in ascending order. */
export function sortPrompts(
  rows: readonly PromptRow[],
  sort: "created_at" | "category" | "mention_rate" | "citation_rate",
  direction: "asc" | "desc",
  categories: readonly CategoryRecord[],
): PromptRow[] {
  const order = new Map(categories.map((c) => [c.id, c.order]));
  const key = (r: PromptRow): number | string => {
    if (sort === "created_at") return r.created_at;
    if (sort === "mention_rate") return r.mention_rate;
    if (sort === "citation_rate") return r.citation_rate;
    return r.category_id === null ? Number.MAX_SAFE_INTEGER : (order.get(r.category_id) ?? 0);
  };
  const sign = direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const byKey = ka < kb ? -1 : ka > kb ? 1 : 0;
    if (byKey !== 0) return sign * byKey;
    // Stable, direction-independent tie-break so pages never overlap.
    const byName = (a.category?.name ?? "").localeCompare(b.category?.name ?? "");
    return (sort === "category" ? sign * byName : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  });
}
