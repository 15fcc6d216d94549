/** Service status codes: the spec's plus the project's own choices (docs/decisions.md#success-codes). */
export const CODES = {
  projects: 2400,
  workspace: 2410,
  report: 2450,
  overview: 2460,
  setup: 2461,
  leaderboard: 2462,
  competitor: 2463,
  competitorPages: 2464,
  categories: 2465,
  prompts: 2466,
  answers: 2467,
  pages: 2468,
  citedSources: 2469,
  topics: 2470,
  contentMapPages: 2471,
  contentMapSites: 2472,
  content: 2480,
  eventCatalog: 8010,
  keyMissing: 4021,
  keyInvalid: 4022,
  scopeMissing: 4023,
  notFound: 404,
  validation: 422,
  rateLimited: 4290,
  internal: 5000,
  /** Extension (docs/api.md, "Load shedding"): the expensive lane's pool and queue are full. */
  overloaded: 5030,
} as const;

/** HTTP status of each error code. */
export const ERROR_STATUS: Record<number, number> = {
  [CODES.keyMissing]: 401,
  [CODES.keyInvalid]: 401,
  [CODES.scopeMissing]: 403,
  [CODES.notFound]: 404,
  [CODES.validation]: 422,
  [CODES.rateLimited]: 429,
  [CODES.internal]: 500,
  [CODES.overloaded]: 503,
};

/** Fixed messages, shared by the service and the docs. */
export const MESSAGES = {
  keyMissing: "API key missing: send Authorization: Bearer <key> or X-API-KEY: <key>",
  keyInvalid: "API key invalid, revoked or expired",
  scopeMissing: "API key lacks a required scope",
  validation: "invalid parameters",
  rateLimited: "rate limit exceeded",
  internal: "internal error",
  overloaded: "server busy: retry after the given seconds",
} as const;
