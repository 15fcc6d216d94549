import type { DataOf, EndpointById, EndpointId, ParamsOf, Scope } from "../../contract/index.js";
import type { Store } from "../store/db.js";

/** The authenticated caller, resolved from the API key. */
export interface Caller {
  keyId: string;
  workspaceId: string;
  scopes: Scope[];
  /** Project the key is pinned to, or null. */
  pinnedProjectId: string | null;
}

/** The project a request is about (after pinning and project_id rules are applied). */
export interface ProjectRef {
  id: string;
  workspaceId: string;
  name: string;
  slug: string;
  brandName: string;
  brandDomain: string;
}

/**
 * Everything a handler needs, validated before it runs: the generic pipeline in the app checks
 * key (401), scope (403), parameters (422) and the project (404) in that order
 * (docs/decisions.md#order-of-checks).
 */
export interface RequestContext<I extends EndpointId = EndpointId> {
  store: Store;
  caller: Caller;
  workspace: { id: string; timezone: string };
  /** Resolved for endpoints that take project_id; null for /projects, /workspace, catalog. */
  project: ProjectRef | null;
  query: ParamsOf<EndpointById<I>["params"]>;
  pathParams: Record<string, string>;
  /** The clock: the as-of day is "today" in the workspace timezone at this instant. */
  now: Date;
  /** Absolute URL of this request without its query string, for pagination links. */
  requestUrl: string;
  /** The raw query (after parsing), every parameter as sent (near-miss names are refused by it). */
  rawQuery: Record<string, unknown>;
  /** The endpoint's own parameters as sent, to rebuild pagination links with another page. */
  linkQuery: Record<string, unknown>;
  /**
   * Fires when the client goes away: long work may stop early. Queries of the expensive lane's
   * store already stop by themselves (docs/api.md, "Load shedding").
   */
  signal?: AbortSignal;
}

/** A handler answers one endpoint with its `data`; it throws ApiError for 404s. */
export type Handler<I extends EndpointId> = (ctx: RequestContext<I>) => Promise<DataOf<I>>;

/** A table of handlers for some endpoints. */
export type HandlerTable<I extends EndpointId> = { [K in I]: Handler<K> };
