import type { FastifyRequest } from "fastify";

/**
 * What another `Authorization` scheme presents: a credential, never one of our keys, even when
 * its text is one (`Authorization: vr_…` without `Bearer`, or `Basic vr_…`).
 */
const NOT_A_KEY = "";

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
    return match?.[1] ?? NOT_A_KEY;
  }
  const header = request.headers["x-api-key"];
  const value = Array.isArray(header) ? header[0] : header;
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}
