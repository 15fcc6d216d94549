import type { Platform } from "../../../contract/index.js";
import type { AggMeta, CumDays } from "./meta.js";
import type { CumRow, PlatformCumRow, PromptCum } from "./prompt-cum.js";

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

/** The brand's per-prompt cells of both periods: the clusters of its intervals (docs/metrics.md). */
export interface BrandCells {
  current: { platforms: PlatformCell[] };
  previous: { platforms: PlatformCell[] };
}

/** The per-prompt cells of both periods, the competitors' too: the clusters of every interval. */
export interface PromptCells extends BrandCells {
  current: { platforms: PlatformCell[]; competitors: CompetitorCell[] };
  previous: { platforms: PlatformCell[]; competitors: CompetitorCell[] };
}

/** The array columns of a cumulative row: per platform or per competitor. */
type ArrayColumn<R> = { [K in keyof R]: R[K] extends number[] ? K : never }[keyof R];

/** Per-index differences end − before of one array column, zero where a row or value is missing. */
function differ<R>(e: R | undefined, b: R | undefined) {
  return (column: ArrayColumn<R>) => {
    const x = (e?.[column] as number[] | undefined) ?? NONE;
    const y = (b?.[column] as number[] | undefined) ?? NONE;
    return (i: number) => (x[i] ?? 0) - (y[i] ?? 0);
  };
}

const NONE: readonly number[] = [];

/** Indexes of `keys` in the order of the keys (the cells' order within a prompt). */
const sortedIndexes = (keys: readonly string[]) =>
  keys.map((_, i) => i).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));

/**
 * One period's brand cells from the running totals at its last day and at the day before it:
 * C(end) − C(start − 1), zero where a day is missing. Prompts in id order and, within a prompt,
 * platforms by name, so the floating-point sums over prompts come out the same on every request.
 */
function platformCellsOf(
  meta: AggMeta,
  prompts: readonly [string, ReadonlyMap<string, PlatformCumRow>][],
  end: string | null,
  before: string | null,
): PlatformCell[] {
  const out: PlatformCell[] = [];
  const platformOrder = sortedIndexes(meta.platforms);
  for (const [promptId, at] of prompts) {
    const diff = differ(end === null ? undefined : at.get(end), before === null ? undefined : at.get(before));
    const snapshots = diff("platform_snapshots");
    const mentioned = diff("platform_mentioned");
    const cited = diff("platform_cited");
    const competitorMentions = diff("platform_competitor_mentions");
    for (const i of platformOrder) {
      const n = snapshots(i);
      if (n === 0) continue;
      out.push({
        promptId,
        platform: meta.platforms[i] as Platform,
        snapshots: n,
        mentioned: mentioned(i),
        cited: cited(i),
        competitorMentions: competitorMentions(i),
      });
    }
  }
  return out;
}

/** One period's competitor cells, the same way; competitors by id within a prompt. */
function competitorCellsOf(
  meta: AggMeta,
  prompts: readonly [string, ReadonlyMap<string, CumRow>][],
  end: string | null,
  before: string | null,
): CompetitorCell[] {
  const out: CompetitorCell[] = [];
  const competitorOrder = sortedIndexes(meta.competitorIds);
  for (const [promptId, at] of prompts) {
    const diff = differ(end === null ? undefined : at.get(end), before === null ? undefined : at.get(before));
    const kMentioned = diff("competitor_mentioned");
    const kCited = diff("competitor_cited");
    for (const j of competitorOrder) {
      const m = kMentioned(j);
      const c = kCited(j);
      if (m > 0 || c > 0)
        out.push({ promptId, competitorId: meta.competitorIds[j]!, mentioned: m, cited: c });
    }
  }
  return out;
}

/** The prompts' rows in prompt id order (the cells' order). */
const byPromptId = <R>(cum: PromptCum<R>) => [...cum.rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

const brandOf = (
  meta: AggMeta,
  prompts: readonly [string, ReadonlyMap<string, PlatformCumRow>][],
  c: CumDays,
): BrandCells => ({
  current: { platforms: platformCellsOf(meta, prompts, c.curEnd, c.curBefore) },
  previous: { platforms: platformCellsOf(meta, prompts, c.prevEnd, c.prevBefore) },
});

/** The brand's cells of both periods, from running totals that need only the platform arrays. */
export function brandCellsOf(meta: AggMeta, cum: PromptCum<PlatformCumRow>): BrandCells {
  return brandOf(meta, byPromptId(cum), cum.days);
}

/**
 * Every prompt's counts per platform and per competitor in both periods, from its running totals
 * (docs/metrics.md, "Per-prompt counts"). Only the cells with answers (platforms) or with a
 * mention or citation (competitors) are returned, the clusters of the intervals.
 */
export function promptCellsOf(meta: AggMeta, cum: PromptCum): PromptCells {
  const c = cum.days;
  const prompts = byPromptId(cum);
  const brand = brandOf(meta, prompts, c);
  return {
    current: { ...brand.current, competitors: competitorCellsOf(meta, prompts, c.curEnd, c.curBefore) },
    previous: { ...brand.previous, competitors: competitorCellsOf(meta, prompts, c.prevEnd, c.prevBefore) },
  };
}
