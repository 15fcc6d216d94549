import { setImmediate } from "node:timers/promises";
import type { FastifyReply, FastifyRequest } from "fastify";
import { dayIn } from "../../contract/calendar.js";
import { type EndpointDef, type EndpointId, PARAM_SCHEMAS } from "../../contract/index.js";
import type { Store } from "../store/db.js";
import { abortableStore } from "./_abortable-store.js";
import { authenticate, authorize } from "./_auth.js";
import { CACHED_ENDPOINTS, type CacheKeyParts, cacheKeyOf } from "./_cache-key.js";
import type { Callers } from "./_callers.js";
import type { ConnectionGate } from "./_connection-gate.js";
import { etagOf, noneMatch } from "./_etag.js";
import { knownParams } from "./_known-params.js";
import { admitExpensive, EXPENSIVE_ENDPOINTS, inExpensiveLane, isClientClosed } from "./_lanes.js";
import { takesProject } from "./_params.js";
import { resolveProject } from "./_project.js";
import type { CachedResponse, ResponseCache } from "./_response-cache.js";
import { DEFAULT_DEADLINE_MS, type WorkPool } from "./_work-pool.js";
import { ApiError } from "./api-error.js";
import type { Handler, RequestContext } from "./handler.js";

export interface RouteDeps {
  store: Store;
  /** Resolves each request's key once (shared with the rate limiter). */
  callers: Callers;
  now: () => Date;
  /** The origin pagination links use (`https://api.example.com`); else the request's own. */
  publicUrl?: string;
  /** Analytics answers by (project, data version, as-of day, query); absent: computed every time. */
  cache?: ResponseCache;
  /** The expensive lane's pool (docs/api.md, "Load shedding"); absent: expensive work is not bounded. */
  workPool?: WorkPool;
  /** PostgreSQL: bounds the connections expensive work holds, keeping some for the cheap lane. */
  gate?: ConnectionGate;
}

/** The address and port the request came in on: the origin of an HTTP/1.0 request without `Host`. */
function localOrigin(request: FastifyRequest): string {
  const { localAddress = "127.0.0.1", localPort } = request.socket;
  const address = localAddress.startsWith("::ffff:") ? localAddress.slice(7) : localAddress;
  return `${address.includes(":") ? `[${address}]` : address}${localPort ? `:${localPort}` : ""}`;
}

/**
 * Absolute URL of the request without its query string (for pagination links). Behind a proxy
 * the server is given its public origin: otherwise links carry whatever `Host` a client sent.
 */
function requestUrlOf(request: FastifyRequest, publicUrl: string | undefined): string {
  const q = request.url.indexOf("?");
  const path = q === -1 ? request.url : request.url.slice(0, q);
  return `${publicUrl ?? `${request.protocol}://${request.host || localOrigin(request)}`}${path}`;
}

/** The query's parameters that the endpoint takes, as sent (for its pagination links). */
function ownParams(def: EndpointDef, sent: Record<string, unknown>): Record<string, unknown> {
  const shape = PARAM_SCHEMAS[def.params].shape;
  const out: Record<string, unknown> = Object.create(null);
  for (const [name, value] of Object.entries(sent)) if (Object.hasOwn(shape, name)) out[name] = value;
  return out;
}

/**
 * The one pipeline every endpoint runs, in the order of docs/decisions.md#order-of-checks: key
 * (401), scope (403), parameters (422), project (404), then the handler; success is `{code, data}` with HTTP 200
 * (`{code, messages, data}` where the contract gives the endpoint a message).
 */
export function routeHandler(def: EndpointDef, handler: Handler<EndpointId>, deps: RouteDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const arrived = performance.now();
    const now = deps.now();
    // Keys expire by the real clock, never by the pinned reporting day (`serve --as-of`): a demo
    // frozen in the past must not revive a key that has since expired (docs/decisions.md#keys).
    const caller = await authenticate(request, deps.callers);
    authorize(def, caller);
    const rawQuery = (request.query ?? {}) as Record<string, unknown>;
    const { query, pathParams, queryText } = knownParams(
      def,
      request.url,
      rawQuery,
      (request.params ?? {}) as Record<string, string>,
      caller.pinnedProjectId !== null,
    );
    const expensive = EXPENSIVE_ENDPOINTS.has(def.id as EndpointId);
    if (expensive && deps.workPool) admitExpensive(deps.workPool, caller.keyId);
    const resolved = takesProject(def)
      ? await resolveProject(deps.store, caller, query.project_id as string | undefined)
      : null;
    const { dataVersion, ...project } = resolved ?? { dataVersion: undefined };
    const requestUrl = requestUrlOf(request, deps.publicUrl);
    const ctx: RequestContext = {
      store: deps.store,
      caller: {
        keyId: caller.keyId,
        workspaceId: caller.workspaceId,
        scopes: caller.scopes,
        pinnedProjectId: caller.pinnedProjectId,
      },
      workspace: { id: caller.workspaceId, timezone: caller.timezone },
      project: resolved ? (project as RequestContext["project"]) : null,
      query: query as RequestContext["query"],
      pathParams,
      now,
      requestUrl,
      rawQuery,
      // The links carry the endpoint's own parameters only: an unknown one is ignored (docs/api.md),
      // and echoing it would hand back whatever a client put there, an API key included. Read
      // lazily: only lists build links, and every answer, a cached one too, would pay for it.
      get linkQuery() {
        return ownParams(def, rawQuery);
      },
      // Read lazily: Fastify builds the request's AbortController on first access and aborts it
      // when the request closes, even a finished one, which cost a tenth of a cached answer.
      get signal() {
        return request.signal;
      },
    };
    // Expensive work stops at its next query once the client is gone or the lane's deadline
    // passed (PostgreSQL: the running query is cancelled).
    const work = (signal?: AbortSignal) =>
      handler(
        expensive ? { ...ctx, store: abortableStore(deps.store, signal ?? request.signal, deps.gate) } : ctx,
      );
    const lane = async (pool: WorkPool) => {
      const left = (pool.config.deadlineMs ?? DEFAULT_DEADLINE_MS) - (performance.now() - arrived);
      // A timer, not AbortSignal.timeout(): Node 20 lets a timeout signal that only
      // AbortSignal.any() follows be garbage-collected, and it never fires (the request then
      // hangs); the timer is also cleared as soon as the work ends.
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), Math.max(1, Math.round(left)));
      const signal = AbortSignal.any([request.signal, deadline.signal]);
      try {
        return await inExpensiveLane(pool, caller.keyId, signal, () => work(signal));
      } catch (error) {
        if (deadline.signal.aborted && !request.signal.aborted)
          throw ApiError.overloaded(pool.config.retryAfterSeconds);
        throw error;
      } finally {
        clearTimeout(timer);
      }
    };
    const compute = async (): Promise<CachedResponse> => {
      const data = expensive && deps.workPool ? await lane(deps.workPool) : await work();
      const body = JSON.stringify(
        def.messages === undefined
          ? { code: def.code, data }
          : { code: def.code, messages: def.messages, data },
      );
      return { etag: etagOf(body), body };
    };
    const cacheable =
      deps.cache !== undefined && dataVersion !== undefined && CACHED_ENDPOINTS.has(def.id as EndpointId);
    const answer = cacheable
      ? await shared(deps.cache as ResponseCache, () => request.signal.aborted, compute, {
          endpoint: def.id as EndpointId,
          workspaceId: caller.workspaceId,
          timezone: caller.timezone,
          projectId: (resolved as { id: string }).id,
          dataVersion,
          asOfDay: dayIn(caller.timezone, now),
          queryText,
          requestUrl,
          rawQuery,
        })
      : await compute();
    // A cached answer is ready at once. Written at once, each answer costs a wake-up of the client
    // and of this process; written at the end of the event loop's turn, together with the answers
    // to the other requests read in the same turn, it costs a fifth less CPU per request under load
    // (docs/api.md, "Cached analytics answers"). Idle, the turn adds microseconds.
    if (cacheable) await setImmediate();
    // Revalidation is expected (no-cache) and the answer is the key's own (private): docs/api.md.
    reply.header("etag", answer.etag).header("cache-control", "private, no-cache");
    if (noneMatch(request.headers["if-none-match"], answer.etag)) return reply.status(304).send();
    return reply.status(200).type("application/json; charset=utf-8").send(answer.body);
  };
}

/**
 * The cached answer, computed once for every request that asks meanwhile. When the request that
 * was computing it is abandoned (its client left, its work stopped), the others still waiting
 * compute it themselves rather than fail with it.
 */
async function shared(
  cache: ResponseCache,
  aborted: () => boolean,
  compute: () => Promise<CachedResponse>,
  parts: CacheKeyParts,
): Promise<CachedResponse> {
  const key = cacheKeyOf(parts);
  for (;;) {
    try {
      return await cache.getOrCompute(key, compute);
    } catch (error) {
      if (!isClientClosed(error) || aborted()) throw error;
    }
  }
}
