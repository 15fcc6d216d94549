/** A URL reduced to the form the store keys on, plus its host. */
export interface NormalizedUrl {
  /** Lowercase, no scheme, no `www.`, no query or fragment, no trailing slash: `acme.com/blog/post`. */
  url: string;
  /** Host without `www.`: `acme.com`. */
  domain: string;
}

/** Normalizes a cited URL as the spec says (lowercase, no scheme, no www., no query, no trailing slash). */
export function normalizeUrl(raw: string): NormalizedUrl {
  let url = raw.trim().toLowerCase();
  url = url.replace(/^[a-z][a-z0-9+.-]*:\/\//, "");
  url = url.replace(/[?#].*$/, "");
  url = url.replace(/^www\./, "");
  url = url.replace(/\/+$/, "");
  const slash = url.indexOf("/");
  const host = slash === -1 ? url : url.slice(0, slash);
  // Ports are not part of the identity of a public page.
  const domain = host.replace(/:\d+$/, "");
  return { url: domain + (slash === -1 ? "" : url.slice(slash)), domain };
}
