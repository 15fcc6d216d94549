import { z } from "zod";
import { RangeEcho } from "../enums.js";
import { RateStats } from "./common.js";

const Position = z.object({ rank: z.number().int(), value: z.number(), delta: z.number() });

/** One leaderboard row; the first is always the caller's brand. */
export const LeaderboardRow = z.object({
  name: z.string(),
  is_you: z.boolean(),
  mention_rate: z.number(),
  mention_delta: z.number(),
  citation_rate: z.number(),
  citation_delta: z.number(),
  sov: z.number(),
  sov_delta: z.number(),
  mention_stats: RateStats,
  citation_stats: RateStats,
  sov_stats: RateStats,
});
export type LeaderboardRow = z.infer<typeof LeaderboardRow>;

export const YourPosition = z.object({ mention: Position, citation: Position, sov: Position });

/** GET /visibility/competitors data. */
export const Leaderboard = z.object({
  range: RangeEcho,
  total_snapshots: z.number().int(),
  your_position: YourPosition,
  rows: z.array(LeaderboardRow),
});
export type Leaderboard = z.infer<typeof Leaderboard>;
