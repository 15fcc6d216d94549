/** Public entry of the analytics module: handlers, the aggregate refresh and the period rule. */
export { refreshAggregates } from "./aggregates/refresh.js";
export { type AnalyticsEndpointId, analyticsHandlers } from "./handlers.js";
export { type Period, periodFor } from "./period.js";
