import type { RateStats } from "../../../contract/index.js";
import { getOrSet } from "../_map.js";
import type { BrandCells, CompetitorCell, PlatformCell, PromptCells } from "../queries/prompt-cells.js";
import { type Cluster, type EntityMoments, momentsOf, type RateMoments, statsOfMoments } from "./interval.js";

/** The stats of the three rates of one entity (the brand, or a competitor). */
export interface EntityStats {
  mention: RateStats;
  citation: RateStats;
  sov: RateStats;
}

/** The stats of an entity's sums, made from the cells below or in the database (queries/rate-moments.ts). */
export function statsOf(m: EntityMoments): EntityStats {
  return {
    mention: statsOfMoments(m.mention),
    citation: statsOfMoments(m.citation),
    sov: statsOfMoments(m.sov),
  };
}

interface PromptTotals {
  snapshots: number;
  mentioned: number;
  cited: number;
  /** Brand and every tracked competitor's mentions: the share-of-voice denominator. */
  allMentions: number;
}

/** Each prompt's totals over the cells; only prompts with answers (the clusters). */
function promptTotals(cells: readonly PlatformCell[]): Map<string, PromptTotals> {
  const out = new Map<string, PromptTotals>();
  for (const c of cells) {
    if (c.snapshots === 0) continue;
    const t = out.get(c.promptId) ?? { snapshots: 0, mentioned: 0, cited: 0, allMentions: 0 };
    t.snapshots += c.snapshots;
    t.mentioned += c.mentioned;
    t.cited += c.cited;
    t.allMentions += c.mentioned + c.competitorMentions;
    out.set(c.promptId, t);
  }
  return out;
}

/** Both periods' prompt totals: the clusters and denominators every entity's rates share. */
interface Totals {
  current: Map<string, PromptTotals>;
  previous: Map<string, PromptTotals>;
}

const totalsOf = (cells: BrandCells): Totals => ({
  current: promptTotals(cells.current.platforms),
  previous: promptTotals(cells.previous.platforms),
});

/** An entity's mentions or citations on a prompt in one period. */
type Numerator = (promptId: string, t: PromptTotals) => number;

function rateMoments(
  totals: Totals,
  y: { current: Numerator; previous: Numerator },
  x: (t: PromptTotals) => number,
): RateMoments {
  const clusters = (of: Map<string, PromptTotals>, num: Numerator) => {
    const out = new Map<string, Cluster>();
    for (const [id, t] of of) out.set(id, { y: num(id, t), x: x(t), answers: t.snapshots });
    return out;
  };
  return momentsOf({
    current: clusters(totals.current, y.current),
    previous: clusters(totals.previous, y.previous),
  });
}

/** The sums of an entity's three rates, whose mentions and citations per prompt `counts` gives. */
function entityMoments(
  totals: Totals,
  counts: (f: "mentioned" | "cited") => { current: Numerator; previous: Numerator },
): EntityMoments {
  return {
    mention: rateMoments(totals, counts("mentioned"), (t) => t.snapshots),
    citation: rateMoments(totals, counts("cited"), (t) => t.snapshots),
    sov: rateMoments(totals, counts("mentioned"), (t) => t.allMentions),
  };
}

const own = (f: "mentioned" | "cited") => ({
  current: (_: string, t: PromptTotals) => t[f],
  previous: (_: string, t: PromptTotals) => t[f],
});

/** The brand's sums over `cells` (all of them, or one platform's). */
export function brandMoments(cells: BrandCells): EntityMoments {
  return entityMoments(totalsOf(cells), own);
}

/** The sums of no answers at all (a category without answers in either period). */
export const NO_MOMENTS: EntityMoments = brandMoments({
  current: { platforms: [] },
  previous: { platforms: [] },
});

/** The brand's stats over the cells `keep` selects (all, or one platform's). */
export function brandStats(
  cells: BrandCells,
  keep: (cell: PlatformCell) => boolean = () => true,
): EntityStats {
  return statsOf(
    brandMoments({
      current: { platforms: cells.current.platforms.filter(keep) },
      previous: { platforms: cells.previous.platforms.filter(keep) },
    }),
  );
}

/**
 * The brand's sums per category, one pass over the cells: a prompt counts under `categoryOf` its
 * id (null: Uncategorized). Categories without cells are absent.
 */
export function categoryMoments(
  cells: BrandCells,
  categoryOf: (promptId: string) => string | null,
): Map<string | null, EntityMoments> {
  const parts = new Map<string | null, { current: PlatformCell[]; previous: PlatformCell[] }>();
  for (const period of ["current", "previous"] as const)
    for (const c of cells[period].platforms)
      getOrSet(parts, categoryOf(c.promptId), () => ({ current: [], previous: [] }))[period].push(c);
  const out = new Map<string | null, EntityMoments>();
  for (const [key, part] of parts)
    out.set(
      key,
      brandMoments({ current: { platforms: part.current }, previous: { platforms: part.previous } }),
    );
  return out;
}

/** Competitor cells by competitor, then by prompt. */
function byCompetitor(cells: readonly CompetitorCell[]): Map<string, Map<string, CompetitorCell>> {
  const out = new Map<string, Map<string, CompetitorCell>>();
  for (const c of cells) getOrSet(out, c.competitorId, () => new Map()).set(c.promptId, c);
  return out;
}

/**
 * Every competitor's sums over all answers (the brand's denominators and clusters), by id; a
 * competitor without a cell is absent (its sums are `unnamedMoments` of the brand's).
 */
export function competitorMoments(cells: PromptCells): Map<string, EntityMoments> {
  const totals = totalsOf(cells);
  const current = byCompetitor(cells.current.competitors);
  const previous = byCompetitor(cells.previous.competitors);
  const NONE = new Map<string, CompetitorCell>();
  const out = new Map<string, EntityMoments>();
  for (const id of new Set([...current.keys(), ...previous.keys()])) {
    const cur = current.get(id) ?? NONE;
    const prev = previous.get(id) ?? NONE;
    out.set(
      id,
      entityMoments(totals, (f) => ({
        current: (promptId) => cur.get(promptId)?.[f] ?? 0,
        previous: (promptId) => prev.get(promptId)?.[f] ?? 0,
      })),
    );
  }
  return out;
}

/**
 * The sums of an entity never mentioned nor cited, over the brand's denominators and clusters: a
 * competitor without a cell or without a row in the aggregates.
 */
export function unnamedMoments(brand: EntityMoments): EntityMoments {
  const none = (m: RateMoments): RateMoments => ({
    current: { ...m.current, y: 0, yy: 0, xy: 0 },
    previous: { ...m.previous, y: 0, yy: 0, xy: 0 },
    either: m.either,
    y1y0: 0,
    y1x0: 0,
    x1y0: 0,
    x1x0: m.x1x0,
  });
  return { mention: none(brand.mention), citation: none(brand.citation), sov: none(brand.sov) };
}
