import { z } from "zod";
import { RangeEcho } from "../enums.js";
import { Metric, TrendPoint } from "./common.js";

/** GET /visibility/overview data. */
export const VisibilityOverview = z.object({
  range: RangeEcho,
  mention_rate: Metric,
  citation_rate: Metric,
  share_of_voice: Metric,
  trend_series: z.object({ mention: z.array(TrendPoint), citation: z.array(TrendPoint) }),
});
export type VisibilityOverview = z.infer<typeof VisibilityOverview>;
