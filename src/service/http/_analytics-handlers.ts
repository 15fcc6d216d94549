/**
 * Bridge to the analytics handlers (src/service/analytics/handlers.ts, written in parallel).
 * Until that file lands, each analytics endpoint answers 501 so the server and the handler table
 * compile and run. When it lands, replace this file's body with:
 *   export { analyticsHandlers } from "../analytics/handlers.js";
 *   export const ANALYTICS_PENDING = false;
 */
import type { EndpointId } from "../../contract/index.js";
import type { OwnEndpointId } from "../content/handlers.js";
import { ApiError } from "./api-error.js";
import type { HandlerTable } from "./handler.js";

/** Endpoints the analytics engineer implements. */
export type AnalyticsEndpointId = Exclude<EndpointId, OwnEndpointId>;

/** True while the analytics handlers are stand-ins (tests relax their expectations then). */
export const ANALYTICS_PENDING: boolean = true;

const pending = async (): Promise<never> => {
  throw new ApiError(501, 5010, "not implemented yet");
};

/** Stand-ins answering 501 5010. */
export const analyticsHandlers: HandlerTable<AnalyticsEndpointId> = {
  getReport: pending,
  getOverview: pending,
  getCategories: pending,
  getLeaderboard: pending,
  getCompetitor: pending,
  getCompetitorPages: pending,
  listPrompts: pending,
  getPromptAnswers: pending,
  listPages: pending,
  getCitedSources: pending,
};
