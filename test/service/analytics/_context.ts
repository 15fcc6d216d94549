import type { z } from "zod";
import { type DataOf, endpoint, PARAM_SCHEMAS, type ParamSet } from "../../../src/contract/index.js";
import { type AnalyticsEndpointId, analyticsHandlers } from "../../../src/service/analytics/handlers.js";
import type { ProjectRef, RequestContext } from "../../../src/service/http/handler.js";
import type { Store } from "../../../src/service/store/db.js";

/** Where pagination links of direct handler calls point. */
export const REQUEST_URL = "http://127.0.0.1/core/api/external/v1/visibility/x";

/** Calls an analytics handler directly, with the query validated (and defaulted) by the contract. */
export async function call<I extends AnalyticsEndpointId>(
  store: Store,
  id: I,
  opts: {
    project: ProjectRef;
    timezone: string;
    now: Date;
    query?: Record<string, string>;
    pathParams?: Record<string, string>;
  },
) {
  const def = endpoint(id) as unknown as { params: ParamSet; data: z.ZodType };
  const raw = opts.query ?? {};
  const ctx = {
    store,
    caller: { keyId: "test", workspaceId: opts.project.workspaceId, scopes: [], pinnedProjectId: null },
    workspace: { id: opts.project.workspaceId, timezone: opts.timezone },
    project: opts.project,
    query: PARAM_SCHEMAS[def.params].parse(raw),
    pathParams: opts.pathParams ?? {},
    now: opts.now,
    requestUrl: REQUEST_URL,
    rawQuery: raw,
    linkQuery: raw,
  } as unknown as RequestContext<I>;
  const data: DataOf<I> = await analyticsHandlers[id](ctx);
  // Every answer must also satisfy the contract's response schema.
  def.data.parse(data);
  return data;
}
