import { z } from "zod";
import { RangeEcho } from "../enums.js";
import { RateMetric, TrendPoint } from "./common.js";

/** GET /visibility/overview data. */
export const VisibilityOverview = z.object({
  range: RangeEcho,
  mention_rate: RateMetric,
  citation_rate: RateMetric,
  share_of_voice: RateMetric,
  trend_series: z.object({ mention: z.array(TrendPoint), citation: z.array(TrendPoint) }),
});
export type VisibilityOverview = z.infer<typeof VisibilityOverview>;
