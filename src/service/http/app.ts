import { createServer } from "node:http";
import Fastify, { type FastifyInstance } from "fastify";
import {
  API_PREFIX,
  ENDPOINTS,
  type EndpointDef,
  type EndpointId,
  InvariantError,
} from "../../contract/index.js";
import type { Store } from "../store/db.js";
import { Callers } from "./_callers.js";
import { ConnectionGate } from "./_connection-gate.js";
import {
  handleClientError,
  handleError,
  handleFrameworkError,
  MAX_URL_LENGTH,
  methodNotAllowed,
  routeNotFound,
} from "./_errors.js";
import { type LoggerConfig, loggerOptions } from "./_logger.js";
import { parseQueryString } from "./_query-string.js";
import { DEFAULT_RATE_LIMIT, type RateLimitConfig, registerRateLimit } from "./_rate-limit.js";
import { DEFAULT_RESPONSE_CACHE, ResponseCache, type ResponseCacheConfig } from "./_response-cache.js";
import { routeHandler } from "./_route.js";
import { DEFAULT_WORK_POOL, IN_PROCESS_WORK_POOL, WorkPool, type WorkPoolConfig } from "./_work-pool.js";
import { ApiError } from "./api-error.js";
import type { Handler } from "./handler.js";
import { HANDLERS } from "./handlers.js";

/** A Host header (RFC 9112 §3.2): a DNS name or IPv4 address, or an IPv6 literal, then an optional port. */
const HOST = /^(?:[A-Za-z0-9_.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export interface AppOptions {
  store: Store;
  /** The clock (tests pin it); the as-of day is today in the workspace timezone at this instant. */
  now?: () => Date;
  /** Log level and destination; `false` for silence. Keys are always redacted. */
  logger?: LoggerConfig;
  /** Per-key request budget; `false` disables limiting. */
  rateLimit?: Partial<RateLimitConfig> | false;
  /** Public origin for pagination links (no trailing slash); default: the request's scheme and Host. */
  publicUrl?: string;
  /**
   * The analytics response cache (docs/api.md, "Extensions to v1"): in-process, bounded in bytes,
   * shared through `redis` when given; `false` computes every answer (ETags and 304s remain).
   */
  cache?: Partial<ResponseCacheConfig> | false;
  /**
   * The expensive lane (docs/api.md, "Load shedding"): sizes, or a pool to share or inspect (tests);
   * `false` leaves expensive work unbounded (one trusted client, e.g. `vreport generate`'s own service).
   */
  loadShedding?: Partial<WorkPoolConfig> | WorkPool | false;
}

const OTHER_METHODS = ["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"] as const;

/** Fastify route path of an endpoint: `{x}` → `:x`, under API_PREFIX unless it lives at the origin. */
function routePath(def: EndpointDef): string {
  const rel = def.path.replace(/\{(\w+)\}/g, ":$1");
  return def.atOrigin ? rel : API_PREFIX + rel;
}

/** Fastify's schema compilers, never called: routes carry no JSON schema (see createApp). */
function noSchemas(): never {
  throw new InvariantError(
    "Fastify route schemas are not used: the contract's zod schemas check requests and responses",
  );
}

/**
 * Whether `path` is one of the API's routes (for another method than GET): answered 405, not 404,
 * whatever the method, including ones Fastify has no route table for (TRACE, PROPFIND…).
 */
function knownPath(path: string): boolean {
  return ROUTE_PATTERNS.some((re) => re.test(path));
}
const ROUTE_PATTERNS = (ENDPOINTS as readonly EndpointDef[]).map(
  (def) => new RegExp(`^${routePath(def).replace(/:\w+/g, "[^/]+")}/?$`),
);

/** How long the server keeps an idle connection open: longer than any client's idle timeout. */
const KEEP_ALIVE_MS = 72_000;

/** Builds the API server (not listening): every ENDPOINTS entry through one pipeline. */
export function createApp(options: AppOptions): FastifyInstance {
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    // Node answers a request without Host with a bare 400 before any handler runs; letting it
    // through gives it the envelope (docs/api.md, "Envelope and errors").
    // With a server factory Fastify leaves Node's 5 s keep-alive in place; clients (undici: 4 s)
    // must give up an idle connection before the server does, or a request sent as the server
    // closes it meets ECONNRESET (seen when a busy event loop fires both timers at once). 72 s is
    // Fastify's own default.
    serverFactory: (handler) =>
      createServer({ requireHostHeader: false, keepAliveTimeout: KEEP_ALIVE_MS }, handler),
    logger: loggerOptions(options.logger),
    exposeHeadRoutes: false,
    // Path ids as long as a URL may be: a long id is an id that matches nothing (404), not a router error.
    routerOptions: {
      querystringParser: parseQueryString,
      ignoreTrailingSlash: true,
      maxParamLength: MAX_URL_LENGTH,
    },
    clientErrorHandler: handleClientError,
    frameworkErrors: handleFrameworkError,
    // Requests and responses are checked by the contract's zod schemas (routeHandler); no route
    // declares a Fastify JSON schema. Without these factories Fastify loads Ajv and
    // fast-json-stringify anyway: ~50 ms of every cold `generate`.
    schemaController: { compilersFactory: { buildValidator: noSchemas, buildSerializer: noSchemas } },
  });
  app.setErrorHandler(handleError);
  // Every route is GET: bodies are read and ignored, so a POST with broken JSON still gets its 405.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, _body, done) => done(null, undefined));
  app.setNotFoundHandler(async (request) => {
    const path = request.url.split("?")[0] ?? "";
    throw request.method !== "GET" && knownPath(path) ? methodNotAllowed() : routeNotFound();
  });
  app.addHook("onRequest", async (request) => {
    if (request.url.length > MAX_URL_LENGTH) throw new ApiError(414, 414, "URL too long");
    const host = request.headers.host;
    if (host === undefined && request.raw.httpVersion !== "1.0")
      throw new ApiError(400, 400, "the Host header is required");
    // The links of a list are built on it (without --public-url): a name or an address and a port.
    if (host !== undefined && !HOST.test(host))
      throw new ApiError(400, 400, "the Host header must be a host name or address, with an optional port");
  });
  const callers = new Callers(options.store);
  const cache =
    options.cache === false
      ? undefined
      : new ResponseCache({ ...DEFAULT_RESPONSE_CACHE, ...(options.cache ?? {}) });
  const workPool =
    options.loadShedding instanceof WorkPool
      ? options.loadShedding
      : options.loadShedding === false
        ? undefined
        : new WorkPool({
            ...(options.store.capacity.inProcess ? IN_PROCESS_WORK_POOL : DEFAULT_WORK_POOL),
            ...(options.loadShedding ?? {}),
          });
  const gate = ConnectionGate.of(options.store);
  if (options.rateLimit !== false) {
    const config = { ...DEFAULT_RATE_LIMIT, ...(options.rateLimit ?? {}) };
    registerRateLimit(app, config, callers);
  }
  // Routes in a plugin registered after the rate limiter, so its onRoute hook sees every one.
  app.register(async (scope) => {
    for (const def of ENDPOINTS as readonly EndpointDef[]) {
      const url = routePath(def);
      const handler = HANDLERS[def.id as EndpointId] as Handler<EndpointId>;
      scope.get(
        url,
        routeHandler(def, handler, {
          store: options.store,
          callers,
          now,
          ...(cache ? { cache } : {}),
          ...(workPool ? { workPool } : {}),
          ...(gate ? { gate } : {}),
          ...(options.publicUrl !== undefined ? { publicUrl: options.publicUrl } : {}),
        }),
      );
      scope.route({
        method: [...OTHER_METHODS],
        url,
        config: { rateLimit: false },
        handler: async () => {
          throw methodNotAllowed();
        },
      });
    }
  });
  return app;
}
