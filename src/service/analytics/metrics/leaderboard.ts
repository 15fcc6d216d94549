import type { Leaderboard, LeaderboardRow, RangeEcho } from "../../../contract/index.js";
import type { Period } from "../period.js";
import { periodTallies } from "./overview.js";
import { ranksBy } from "./ranks.js";
import type { EntityStats } from "./rate-stats.js";
import { rate, shareOfVoice } from "./rates.js";
import type { DayCounts } from "./tally.js";

/** A tracked competitor as the leaderboard needs it. */
export interface CompetitorRef {
  id: string;
  name: string;
  domain: string;
}

/** One competitor's counts in both periods. */
export interface CompetitorCounts {
  current: { mentioned: number; cited: number };
  previous: { mentioned: number; cited: number };
}

const NONE: CompetitorCounts = { current: { mentioned: 0, cited: 0 }, previous: { mentioned: 0, cited: 0 } };

/**
 * GET /visibility/competitors data: brand first, then competitors by mention rate; ranks over all
 * rows. `stats` gives the brand's interval stats and each competitor's by id.
 */
export function leaderboardOf(
  rows: readonly DayCounts[],
  period: Period,
  range: RangeEcho,
  brandName: string,
  competitors: readonly CompetitorRef[],
  counts: ReadonlyMap<string, CompetitorCounts>,
  stats: { brand: EntityStats; competitor: (id: string) => EntityStats },
): Leaderboard {
  const { current, previous } = periodTallies(rows, period);
  const all = {
    current: current.mentioned + current.competitorMentions,
    previous: previous.mentioned + previous.competitorMentions,
  };
  const row = (name: string, isYou: boolean, c: CompetitorCounts, stats: EntityStats): LeaderboardRow => {
    const mention = rate(c.current.mentioned, current.snapshots);
    const citation = rate(c.current.cited, current.snapshots);
    const sov = shareOfVoice(c.current.mentioned, all.current);
    return {
      name,
      is_you: isYou,
      mention_rate: mention,
      mention_delta: mention - rate(c.previous.mentioned, previous.snapshots),
      citation_rate: citation,
      citation_delta: citation - rate(c.previous.cited, previous.snapshots),
      sov,
      sov_delta: sov - shareOfVoice(c.previous.mentioned, all.previous),
      mention_stats: stats.mention,
      citation_stats: stats.citation,
      sov_stats: stats.sov,
    };
  };
  const brand = row(
    brandName,
    true,
    {
      current: { mentioned: current.mentioned, cited: current.cited },
      previous: { mentioned: previous.mentioned, cited: previous.cited },
    },
    stats.brand,
  );
  const others = competitors
    .map((c) => row(c.name, false, counts.get(c.id) ?? NONE, stats.competitor(c.id)))
    .sort((a, b) => b.mention_rate - a.mention_rate || a.name.localeCompare(b.name));
  const all_rows = [brand, ...others];
  const position = (key: "mention_rate" | "citation_rate" | "sov", delta: number) => ({
    rank: ranksBy(all_rows, (r) => r[key])[0]!,
    value: brand[key],
    delta,
  });
  return {
    range,
    total_snapshots: current.snapshots,
    your_position: {
      mention: position("mention_rate", brand.mention_delta),
      citation: position("citation_rate", brand.citation_delta),
      sov: position("sov", brand.sov_delta),
    },
    rows: all_rows,
  };
}
