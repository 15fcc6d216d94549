import type { ApiSections } from "../model.js";
import type { Claim, PlatformMove } from "./claim.js";

/** The significant rises, the significant falls, and the platforms without a significant change. */
export function platformMoves(rows: ApiSections["platforms"]["rows"]): Claim[] {
  const out: Claim[] = [];
  const move = (p: (typeof rows)[number]): PlatformMove => ({
    platform: p.platform,
    delta: p.mention_delta,
    rate: p.mention_rate,
    stats: p.mention_stats,
  });
  for (const direction of ["up", "down"] as const) {
    const moved = rows.filter(
      (p) => p.mention_stats.significant && p.mention_delta > 0 === (direction === "up"),
    );
    if (moved.length > 0)
      out.push({
        kind: "platforms-moved",
        direction,
        moves: moved.map(move),
        section: "platforms",
        tone: direction === "up" ? "positive" : "negative",
        subjects: moved.map((p) => p.platform),
        rows: moved.map((p) => `platforms/${p.platform}`),
      });
  }
  const flat = rows.filter((p) => !p.mention_stats.significant);
  if (flat.length > 0)
    out.push({
      kind: "platforms-flat",
      platforms: flat.map((p) => p.platform),
      section: "platforms",
      tone: "neutral",
      subjects: flat.map((p) => p.platform),
      rows: flat.map((p) => `platforms/${p.platform}`),
    });
  return out;
}

/** The platform the summary calls weakest: alone the lowest, among at least two that answered. */
export function weakestPlatform(s: ApiSections): { platform: PlatformMove["platform"]; rate: number } | null {
  const platforms = s.platforms.rows.filter((p) => p.snapshots > 0);
  return platforms.length >= 2 ? platformExtremes(platforms).weakest : null;
}

/**
 * The highest and lowest mention rate, each only when one platform alone holds it (none of no
 * rows), and how many platforms hold each.
 */
export function platformExtremes(rows: readonly { platform: string; mention_rate: number }[]) {
  const holdersOf = (pick: (...values: number[]) => number) => {
    if (rows.length === 0) return [];
    const value = pick(...rows.map((r) => r.mention_rate));
    return rows.filter((r) => r.mention_rate === value);
  };
  const only = (holders: readonly { platform: string; mention_rate: number }[]) => {
    const one = holders.length === 1 ? holders[0] : undefined;
    return one ? { platform: one.platform as PlatformMove["platform"], rate: one.mention_rate } : null;
  };
  const [highest, lowest] = [holdersOf(Math.max), holdersOf(Math.min)];
  return {
    strongest: only(highest),
    weakest: only(lowest),
    holders: { highest: highest.length, lowest: lowest.length },
  };
}

/**
 * How many platforms share the rate of the end a platform-extremes sentence does not name (0 when
 * it names both): what the sentence says, and what the self-check counts again.
 */
export function tiedAtUnnamedEnd(
  named: { strongest: unknown; weakest: unknown },
  holders: { highest: number; lowest: number },
): number {
  return !named.strongest ? holders.highest : !named.weakest ? holders.lowest : 0;
}
