/** The API contract: the single source of truth for the service, the client and the docs. */

export * from "./calendar.js";
export * from "./calendar-periods.js";
export * from "./codes.js";
export * from "./endpoints.js";
export * from "./enums.js";
export * from "./envelope.js";
export * from "./events.js";
export * from "./invariant-error.js";
export * from "./params.js";
export * from "./resources/answer.js";
export * from "./resources/categories.js";
export * from "./resources/cited-sources.js";
export * from "./resources/common.js";
export * from "./resources/competitor.js";
export * from "./resources/content.js";
export * from "./resources/content-map.js";
export * from "./resources/leaderboard.js";
export * from "./resources/overview.js";
export * from "./resources/pages.js";
export * from "./resources/project.js";
export * from "./resources/prompt.js";
export * from "./resources/report.js";
export * from "./resources/setup.js";
export * from "./resources/workspace.js";
export * from "./url.js";
export * from "./vreport-error.js";
