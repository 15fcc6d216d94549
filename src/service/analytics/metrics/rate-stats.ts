import type { RateStats } from "../../../contract/index.js";
import type { BrandCells, CompetitorCell, PlatformCell, PromptCells } from "../queries/prompt-cells.js";
import { type Cluster, type ClusterPair, rateStats } from "./interval.js";

/** The stats of the three rates of one entity (the brand, or a competitor). */
export interface EntityStats {
  mention: RateStats;
  citation: RateStats;
  sov: RateStats;
}

type Keep = (cell: PlatformCell) => boolean;

interface PromptTotals {
  snapshots: number;
  mentioned: number;
  cited: number;
  /** Brand and every tracked competitor's mentions: the share-of-voice denominator. */
  allMentions: number;
}

/** Each prompt's totals over the kept cells; only prompts with answers (the clusters). */
function promptTotals(cells: readonly PlatformCell[], keep: Keep): Map<string, PromptTotals> {
  const out = new Map<string, PromptTotals>();
  for (const c of cells) {
    if (c.snapshots === 0 || !keep(c)) continue;
    const t = out.get(c.promptId) ?? { snapshots: 0, mentioned: 0, cited: 0, allMentions: 0 };
    t.snapshots += c.snapshots;
    t.mentioned += c.mentioned;
    t.cited += c.cited;
    t.allMentions += c.mentioned + c.competitorMentions;
    out.set(c.promptId, t);
  }
  return out;
}

function clusters(
  totals: ReadonlyMap<string, PromptTotals>,
  y: (promptId: string, t: PromptTotals) => number,
  x: (t: PromptTotals) => number,
): Map<string, Cluster> {
  const out = new Map<string, Cluster>();
  for (const [id, t] of totals) out.set(id, { y: y(id, t), x: x(t), answers: t.snapshots });
  return out;
}

function statsOf(
  cur: ReadonlyMap<string, PromptTotals>,
  prev: ReadonlyMap<string, PromptTotals>,
  y: Numerator,
  x: (t: PromptTotals) => number,
): RateStats {
  const pair: ClusterPair = { current: clusters(cur, y.current, x), previous: clusters(prev, y.previous, x) };
  return rateStats(pair);
}

const answers = (t: PromptTotals) => t.snapshots;
const allMentions = (t: PromptTotals) => t.allMentions;

type Numerator = {
  current: (id: string, t: PromptTotals) => number;
  previous: (id: string, t: PromptTotals) => number;
};

/** The three rates of an entity whose mentions and citations per prompt `counts` gives. */
function entityStats(
  cells: BrandCells,
  keep: Keep,
  counts: (f: "mentioned" | "cited") => Numerator,
): EntityStats {
  const cur = promptTotals(cells.current.platforms, keep);
  const prev = promptTotals(cells.previous.platforms, keep);
  return {
    mention: statsOf(cur, prev, counts("mentioned"), answers),
    citation: statsOf(cur, prev, counts("cited"), answers),
    sov: statsOf(cur, prev, counts("mentioned"), allMentions),
  };
}

/** The brand's three rates over the cells `keep` selects (all, one platform, one category). */
export function brandStats(cells: BrandCells, keep: Keep = () => true): EntityStats {
  return entityStats(cells, keep, (f) => ({
    current: (_: string, t: PromptTotals) => t[f],
    previous: (_: string, t: PromptTotals) => t[f],
  }));
}

function competitorCounts(cells: readonly CompetitorCell[], competitorId: string) {
  const out = new Map<string, { mentioned: number; cited: number }>();
  for (const c of cells) if (c.competitorId === competitorId) out.set(c.promptId, c);
  return out;
}

/** One competitor's three rates over all answers (denominators as the brand's). */
export function competitorStats(cells: PromptCells, competitorId: string): EntityStats {
  const mine = {
    current: competitorCounts(cells.current.competitors, competitorId),
    previous: competitorCounts(cells.previous.competitors, competitorId),
  };
  return entityStats(
    cells,
    () => true,
    (f) => ({
      current: (id: string) => mine.current.get(id)?.[f] ?? 0,
      previous: (id: string) => mine.previous.get(id)?.[f] ?? 0,
    }),
  );
}
