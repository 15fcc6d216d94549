import type { FastifyRequest } from "fastify";
import type { EndpointDef } from "../../contract/index.js";
import { type VerifiedCaller, verifyKey } from "../keys/index.js";
import type { Store } from "../store/db.js";
import { ApiError } from "./api-error.js";

/**
 * The key a request presents, or undefined when it presents none. `Authorization: Bearer` wins
 * over `X-API-KEY`; any other Authorization scheme counts as a presented (and so invalid) key,
 * because the caller clearly tried to authenticate. A `Bearer` with no token presents none, like
 * an empty `X-API-KEY` (4021 either way).
 */
export function presentedKey(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (typeof auth === "string" && !/^\s*(bearer\s*)?$/i.test(auth)) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(auth.trim());
    return match?.[1] ?? auth;
  }
  const header = request.headers["x-api-key"];
  const value = Array.isArray(header) ? header[0] : header;
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** Step 1 of the pipeline: 401 4021 without a key, 401 4022 for an unknown, revoked or expired one. */
export async function authenticate(
  request: FastifyRequest,
  store: Store,
  now: Date,
): Promise<VerifiedCaller> {
  const key = presentedKey(request);
  if (key === undefined) throw ApiError.keyMissing();
  const caller = await verifyKey(store, key, now);
  if (!caller) throw ApiError.keyInvalid();
  return caller;
}

/** Step 2: 403 4023 naming the required and missing scopes (`any` accepts every valid key). */
export function authorize(def: EndpointDef, caller: VerifiedCaller): void {
  if (def.scope === "any" || caller.scopes.includes(def.scope)) return;
  throw ApiError.scopeMissing([def.scope], [def.scope]);
}
