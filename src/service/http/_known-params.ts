import type { EndpointDef } from "../../contract/index.js";
import { queryKeyText } from "./_cache-key.js";
import { type ValidatedParams, validateParams } from "./_params.js";

/** Validated parameters, frozen (requests share them), with their text in the response cache key. */
export interface KnownParams extends Readonly<ValidatedParams> {
  queryText: string;
}

// A client reading cached answers asks the same few URLs again and again: validating them against
// the contract's schemas and writing their cache-key text was about a tenth of such a request's
// time. Both depend on the endpoint, the key's pinning and the URL alone. Bounded: at most
// MAX_ENTRIES URLs of at most MAX_URL characters (about 2 MB with the parsed values), emptied
// when full; a longer URL is validated every time.
const MAX_ENTRIES = 1_000;
const MAX_URL = 1_024;
const known = new Map<string, KnownParams>();

/** `validateParams` for a request to `url`, from memory when the same URL was validated before. */
export function knownParams(
  def: EndpointDef,
  url: string,
  rawQuery: Record<string, unknown>,
  rawPath: Record<string, string>,
  pinned: boolean,
): KnownParams {
  const memo = url.length <= MAX_URL ? `${def.id} ${pinned ? "pinned" : "workspace"} ${url}` : undefined;
  const hit = memo === undefined ? undefined : known.get(memo);
  if (hit) return hit;
  const { query, pathParams } = validateParams(def, rawQuery, rawPath, pinned);
  const params: KnownParams = Object.freeze({
    query: Object.freeze(query),
    pathParams: Object.freeze(pathParams),
    queryText: queryKeyText(query, pathParams),
  });
  if (memo !== undefined) {
    if (known.size >= MAX_ENTRIES) known.clear();
    known.set(memo, params);
  }
  return params;
}
