import { EVENT_CATALOG } from "../../contract/index.js";
import { ApiError } from "../http/api-error.js";
import type { Handler } from "../http/handler.js";

/** GET /api/workspace/{workspace_id}/webhooks/events: the catalog, for the key's own workspace only. */
export const getEventCatalog: Handler<"getEventCatalog"> = async ({ caller, pathParams }) => {
  // Another workspace's id is indistinguishable from an unknown one (tenant isolation).
  if (pathParams.workspace_id !== caller.workspaceId.toLowerCase()) throw ApiError.notFound("workspace");
  return EVENT_CATALOG;
};
