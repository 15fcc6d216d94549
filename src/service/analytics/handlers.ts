import type { HandlerTable } from "../http/handler.js";
import { getCitedSources } from "./handlers/cited-sources.js";
import { getCompetitor } from "./handlers/competitor.js";
import { getCompetitorPages } from "./handlers/competitor-pages.js";
import { getCategories, getLeaderboard, getOverview } from "./handlers/overview.js";
import { listPages } from "./handlers/pages.js";
import { getPromptAnswers } from "./handlers/prompt-answers.js";
import { listPrompts } from "./handlers/prompts.js";
import { getReport } from "./handlers/report.js";

/** Endpoints answered by the analytics module. */
export type AnalyticsEndpointId =
  | "getReport"
  | "getOverview"
  | "getCategories"
  | "getLeaderboard"
  | "getCompetitor"
  | "getCompetitorPages"
  | "listPrompts"
  | "getPromptAnswers"
  | "listPages"
  | "getCitedSources";

/** The analytics handlers, merged into the app's handler table by the HTTP layer. */
export const analyticsHandlers: HandlerTable<AnalyticsEndpointId> = {
  getReport,
  getOverview,
  getCategories,
  getLeaderboard,
  getCompetitor,
  getCompetitorPages,
  listPrompts,
  getPromptAnswers,
  listPages,
  getCitedSources,
};
