import type { FastifyReply, FastifyRequest } from "fastify";
import type { EndpointDef, EndpointId } from "../../contract/index.js";
import type { Store } from "../store/db.js";
import { authenticate, authorize } from "./_auth.js";
import type { Callers } from "./_callers.js";
import { takesProject, validateParams } from "./_params.js";
import { resolveProject } from "./_project.js";
import type { Handler, RequestContext } from "./handler.js";

export interface RouteDeps {
  store: Store;
  /** Resolves each request's key once (shared with the rate limiter). */
  callers: Callers;
  now: () => Date;
  /** The origin pagination links use (`https://api.example.com`); else the request's own. */
  publicUrl?: string;
}

/**
 * Absolute URL of the request without its query string (for pagination links). Behind a proxy
 * the server is given its public origin: otherwise links carry whatever `Host` a client sent.
 */
function requestUrlOf(request: FastifyRequest, publicUrl: string | undefined): string {
  const q = request.url.indexOf("?");
  const path = q === -1 ? request.url : request.url.slice(0, q);
  return `${publicUrl ?? `${request.protocol}://${request.host || "127.0.0.1"}`}${path}`;
}

/**
 * The one pipeline every endpoint runs, in the order of docs/decisions.md#order-of-checks: key
 * (401), scope (403), parameters (422), project (404), then the handler; success is `{code, data}` with HTTP 200
 * (`{code, messages, data}` where the contract gives the endpoint a message).
 */
export function routeHandler(def: EndpointDef, handler: Handler<EndpointId>, deps: RouteDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const now = deps.now();
    // Keys expire by the real clock, never by the pinned reporting day (`serve --as-of`): a demo
    // frozen in the past must not revive a key that has since expired (docs/decisions.md#keys).
    const caller = await authenticate(request, deps.callers);
    authorize(def, caller);
    const rawQuery = (request.query ?? {}) as Record<string, unknown>;
    const { query, pathParams } = validateParams(
      def,
      rawQuery,
      (request.params ?? {}) as Record<string, string>,
      caller.pinnedProjectId !== null,
    );
    const project = takesProject(def)
      ? await resolveProject(deps.store, caller, query.project_id as string | undefined)
      : null;
    const ctx: RequestContext = {
      store: deps.store,
      caller: {
        keyId: caller.keyId,
        workspaceId: caller.workspaceId,
        scopes: caller.scopes,
        pinnedProjectId: caller.pinnedProjectId,
      },
      workspace: { id: caller.workspaceId, timezone: caller.timezone },
      project,
      query: query as RequestContext["query"],
      pathParams,
      now,
      requestUrl: requestUrlOf(request, deps.publicUrl),
      rawQuery,
    };
    const data = await handler(ctx);
    reply
      .status(200)
      .send(
        def.messages === undefined
          ? { code: def.code, data }
          : { code: def.code, messages: def.messages, data },
      );
    return reply;
  };
}
