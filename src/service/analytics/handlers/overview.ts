import type { CategoryVisibility, Leaderboard, VisibilityOverview } from "../../../contract/index.js";
import type { Handler } from "../../http/handler.js";
import { categoryRows } from "../metrics/categories.js";
import { leaderboardOf } from "../metrics/leaderboard.js";
import { overviewOf } from "../metrics/overview.js";
import { Loader } from "./_loader.js";

/** Overview data of a loader (shared with the report's summary and trend). */
export async function buildOverview(l: Loader): Promise<VisibilityOverview> {
  const [days, stats] = await Promise.all([l.dayTotals(), l.brandStats()]);
  return overviewOf(days, stats, l.period, l.range);
}

/** Leaderboard data of a loader (shared with the report's competitors section). */
export async function buildLeaderboard(l: Loader): Promise<Leaderboard> {
  const [days, competitors, counts, brand, competitor] = await Promise.all([
    l.dayTotals(),
    l.competitors(),
    l.competitorCounts(),
    l.brandStats(),
    l.competitorStats(),
  ]);
  return leaderboardOf(days, l.period, l.range, l.project.brandName, competitors, counts, {
    brand,
    competitor,
  });
}

/** Category data of a loader (shared with the report's categories section). */
export async function buildCategories(l: Loader): Promise<CategoryVisibility> {
  const [categories, moments] = await Promise.all([l.categories(), l.categoryMoments()]);
  return { range: l.range, categories: categoryRows(categories, moments) };
}

/** GET /visibility/overview. */
export const getOverview: Handler<"getOverview"> = (ctx) => buildOverview(new Loader(ctx, ctx.query));

/** GET /visibility/competitors. */
export const getLeaderboard: Handler<"getLeaderboard"> = (ctx) =>
  buildLeaderboard(new Loader(ctx, ctx.query));

/** GET /visibility/categories. */
export const getCategories: Handler<"getCategories"> = (ctx) => buildCategories(new Loader(ctx, ctx.query));
