/** The typed client of the External Read API v1: the one public entry of `src/client`. */
export { REDACTED } from "./_redact.js";
export { createClient } from "./create-client.js";
export { InvalidKeyError, MissingKeyError, MissingScopeError } from "./errors/auth.js";
export { type ErrorInit, VreportApiError } from "./errors/base.js";
export { CollectLimitError } from "./errors/collect-limit.js";
export { type ErrorResponse, generateError } from "./errors/generate.js";
export { NotFoundError, RateLimitedError, ServerError, ValidationError } from "./errors/http.js";
export { ResponseShapeError, type ShapeIssue } from "./errors/response-shape.js";
export { NetworkError, TimeoutError } from "./errors/transport.js";
export { type ClientLogger, type ClientOptions, resolveRoot } from "./options.js";
export { sharedReads } from "./shared-reads.js";
export {
  type CallOptions,
  type ItemMap,
  type ListQuery,
  PAGE_ITEMS,
  type PageableId,
  type PathParamsOf,
  type QueryOf,
  type RequestOptions,
} from "./types.js";
export type { CollectOptions, VreportClient } from "./vreport-client.js";
