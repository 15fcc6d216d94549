import type { Platform } from "../../../contract/index.js";
import type { AggMeta } from "./meta.js";
import type { CumRow, PromptCum } from "./prompt-cum.js";

/** One prompt's brand counts on one platform in one period. */
export interface PlatformCell {
  promptId: string;
  platform: Platform;
  snapshots: number;
  mentioned: number;
  cited: number;
  /** Σ over tracked competitors of the snapshots mentioning each (share-of-voice denominator part). */
  competitorMentions: number;
}

/** One competitor's counts on one prompt in one period. */
export interface CompetitorCell {
  promptId: string;
  competitorId: string;
  mentioned: number;
  cited: number;
}

/** The per-prompt cells of both periods: the clusters of every interval (docs/metrics.md). */
export interface PromptCells {
  current: { platforms: PlatformCell[]; competitors: CompetitorCell[] };
  previous: { platforms: PlatformCell[]; competitors: CompetitorCell[] };
}

/** The array columns of a cumulative row: per platform or per competitor. */
type ArrayColumn = { [K in keyof CumRow]: CumRow[K] extends number[] ? K : never }[keyof CumRow];

const NONE: readonly number[] = [];

/** Indexes of `keys` in the order of the keys (the cells' order within a prompt). */
const sortedIndexes = (keys: readonly string[]) =>
  keys.map((_, i) => i).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));

/**
 * One period's cells from the running totals at its last day and at the day before it:
 * C(end) − C(start − 1), zero where a day is missing. Prompts in id order and, within a prompt,
 * platforms by name and competitors by id, so the floating-point sums over prompts come out the
 * same on every request.
 */
function cellsOf(
  meta: AggMeta,
  prompts: readonly [string, ReadonlyMap<string, CumRow>][],
  end: string | null,
  before: string | null,
): PromptCells["current"] {
  const out = { platforms: [] as PlatformCell[], competitors: [] as CompetitorCell[] };
  const platformOrder = sortedIndexes(meta.platforms);
  const competitorOrder = sortedIndexes(meta.competitorIds);
  for (const [promptId, at] of prompts) {
    const e = end === null ? undefined : at.get(end);
    const b = before === null ? undefined : at.get(before);
    const diff = (column: ArrayColumn) => {
      const x = e?.[column] ?? NONE;
      const y = b?.[column] ?? NONE;
      return (i: number) => (x[i] ?? 0) - (y[i] ?? 0);
    };
    const snapshots = diff("platform_snapshots");
    const mentioned = diff("platform_mentioned");
    const cited = diff("platform_cited");
    const competitorMentions = diff("platform_competitor_mentions");
    for (const i of platformOrder) {
      const n = snapshots(i);
      if (n === 0) continue;
      out.platforms.push({
        promptId,
        platform: meta.platforms[i] as Platform,
        snapshots: n,
        mentioned: mentioned(i),
        cited: cited(i),
        competitorMentions: competitorMentions(i),
      });
    }
    const kMentioned = diff("competitor_mentioned");
    const kCited = diff("competitor_cited");
    for (const j of competitorOrder) {
      const m = kMentioned(j);
      const c = kCited(j);
      if (m > 0 || c > 0)
        out.competitors.push({ promptId, competitorId: meta.competitorIds[j]!, mentioned: m, cited: c });
    }
  }
  return out;
}

/**
 * Every prompt's counts per platform and per competitor in both periods, from its running totals
 * (docs/metrics.md, "Per-prompt counts"). Only the cells with answers (platforms) or with a
 * mention or citation (competitors) are returned, the clusters of the intervals.
 */
export function promptCellsOf(meta: AggMeta, cum: PromptCum): PromptCells {
  const c = cum.days;
  const prompts = [...cum.rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    current: cellsOf(meta, prompts, c.curEnd, c.curBefore),
    previous: cellsOf(meta, prompts, c.prevEnd, c.prevBefore),
  };
}
