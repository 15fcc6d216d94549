import type { FastifyRequest } from "fastify";
import type { EndpointDef } from "../../contract/index.js";
import type { VerifiedCaller } from "../keys/index.js";
import type { Callers } from "./_callers.js";
import { presentedKey } from "./_presented-key.js";
import { ApiError } from "./api-error.js";

/** Step 1 of the pipeline: 401 4021 without a key, 401 4022 for an unknown, revoked or expired one. */
export async function authenticate(request: FastifyRequest, callers: Callers): Promise<VerifiedCaller> {
  if (presentedKey(request) === undefined) throw ApiError.keyMissing();
  const caller = await callers.of(request);
  if (!caller) throw ApiError.keyInvalid();
  return caller;
}

/** Step 2: 403 4023 naming the required and missing scopes (`any` accepts every valid key). */
export function authorize(def: EndpointDef, caller: VerifiedCaller): void {
  if (def.scope === "any" || caller.scopes.includes(def.scope)) return;
  throw ApiError.scopeMissing([def.scope], [def.scope]);
}
