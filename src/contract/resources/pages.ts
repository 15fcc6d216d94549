import { z } from "zod";
import { RangeEcho } from "../enums.js";
import { PageMetrics, Pagination, TrendPoint } from "./common.js";
import { CitingPrompt } from "./competitor.js";

/** A row of your cited pages; `id` is the site page id when mapped, else a stable hash. */
export const YourPage = PageMetrics.extend({ id: z.string(), folder: z.string() });
export type YourPage = z.infer<typeof YourPage>;

/** GET /visibility/pages data (list). */
export const YourPages = z.object({
  range: RangeEcho,
  totals: z.object({ pages: z.number().int() }),
  rows: z.array(YourPage),
  pagination: Pagination,
});
export type YourPages = z.infer<typeof YourPages>;

/** GET /visibility/pages?url=… data: the page overview and the prompts that cite it. */
export const YourPageDetail = z.object({
  range: RangeEcho,
  page: YourPage.extend({ share: z.number(), trend: z.array(TrendPoint) }),
  prompts: z.array(CitingPrompt),
});
export type YourPageDetail = z.infer<typeof YourPageDetail>;
