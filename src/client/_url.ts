import { type EndpointDef, endpointPath } from "../contract/index.js";

type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

/**
 * The full URL of a call. Arrays repeat their key (`stages[]=A&stages[]=B`), booleans become
 * `1`/`0` (the `full` flag), and undefined or null values are left out.
 */
export function buildUrl(
  root: string,
  def: EndpointDef,
  pathParams: Record<string, string> | undefined,
  query: object | undefined,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}) as [string, QueryValue][]) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else if (typeof value === "boolean") search.append(key, value ? "1" : "0");
    else search.append(key, String(value));
  }
  const qs = search.toString();
  return `${root}${endpointPath(def, pathParams)}${qs ? `?${qs}` : ""}`;
}
