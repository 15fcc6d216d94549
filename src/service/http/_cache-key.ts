import { createHash } from "node:crypto";
import { ANALYTICS_ENDPOINTS, type EndpointId } from "../../contract/index.js";

/**
 * Endpoints whose answer is cached: the analytics ones, a function of the project's data and the
 * as-of day only. Others (setup's next collection time moves during the day) get ETags but are
 * computed every time (docs/api.md, "Extensions to v1").
 */
export const CACHED_ENDPOINTS: ReadonlySet<EndpointId> = ANALYTICS_ENDPOINTS;

/** Endpoints whose pages link to their neighbours: the links repeat the request's URL and raw query. */
const LINKING: ReadonlySet<EndpointId> = new Set<EndpointId>(["listPrompts", "listPages"]);

/** Everything an analytics answer depends on. */
export interface CacheKeyParts {
  endpoint: EndpointId;
  workspaceId: string;
  timezone: string;
  projectId: string;
  dataVersion: string;
  /** Today in the workspace's timezone at the request's clock: rolling ranges move on at its midnight. */
  asOfDay: string;
  /** `queryKeyText` of the validated query and path ids. */
  queryText: string;
  /** For linking endpoints: the request's URL without query, and the query as sent. */
  requestUrl: string;
  rawQuery: Record<string, unknown>;
}

/** JSON with object keys sorted: parameter order in the URL makes no difference to the key. */
function canonical(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * The validated query (defaults applied, so `?range=7d` and no range share one entry) and path
 * ids as the cache key holds them: the project is a part of its own (a pinned key's is not in the
 * query). A function of the request's URL alone, so it is kept with the validated parameters.
 */
export function queryKeyText(query: Record<string, unknown>, pathParams: Record<string, string>): string {
  const { project_id: _ignored, ...rest } = query;
  return canonical([rest, pathParams]);
}

/** The response cache key: a digest of the parts (fixed length whatever the query). */
export function cacheKeyOf(parts: CacheKeyParts): string {
  const linking = LINKING.has(parts.endpoint)
    ? // Links keep the raw query in its order (docs/api.md, pagination): part of the bytes.
      canonical([parts.requestUrl, JSON.stringify(parts.rawQuery)])
    : "";
  // Each piece is one whole JSON value, so their concatenation reads back one way only.
  const text =
    canonical([
      parts.endpoint,
      parts.workspaceId,
      parts.timezone,
      parts.projectId,
      parts.dataVersion,
      parts.asOfDay,
    ]) +
    parts.queryText +
    linking;
  return `${parts.endpoint}:${createHash("sha256").update(text).digest("base64url")}`;
}
