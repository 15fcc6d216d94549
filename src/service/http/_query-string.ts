/**
 * Parses a query string into a null-prototype object: one value stays a string, a repeated name
 * becomes an array (`sources[]=a&sources[]=b` → `{"sources[]": ["a","b"]}`). A null prototype means
 * names such as `__proto__` or `constructor` are plain keys, never inherited properties.
 */
export function parseQueryString(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    const prev = out[name];
    if (prev === undefined) out[name] = value;
    else if (Array.isArray(prev)) prev.push(value);
    else out[name] = [prev, value];
  }
  return out;
}

/** Serializes a parsed query back (arrays as repeated names), for pagination links. */
export function stringifyQuery(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== undefined && v !== null) params.append(name, String(v));
    }
  }
  return params.toString();
}
