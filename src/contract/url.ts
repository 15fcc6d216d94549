import { domainToUnicode } from "node:url";

/**
 * Page URL normalization (spec "Your cited pages"): lowercase, no scheme, no `www.`, no query
 * string, no trailing slash. We also drop the fragment, default ports and a host's trailing dot,
 * and keep the host in its Unicode form so `bücher.de` and `xn--bcher-kva.de` compare equal — all
 * so that one page is one row however answers spelled its link.
 *
 * Idempotent: a stored URL normalizes to itself, so a `url=` filter given a stored value finds it
 * (one pass can expose another `www.` or an encoded trailing slash, hence the fixed point).
 */
export function normalizeUrl(raw: string): string {
  let current = raw;
  for (let i = 0; i < 5; i++) {
    const next = normalizeOnce(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

function normalizeOnce(raw: string): string {
  let s = raw.trim();
  if (s === "") return "";
  // Parse with a scheme so WHATWG URL handles ports, IDNA, userinfo and percent-encoding.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `http://${s.replace(/^\/\//, "")}`;
  let host: string;
  let path: string;
  try {
    const u = new URL(withScheme);
    host = domainToUnicode(u.hostname);
    const port = u.port && !isDefaultPort(u.protocol, u.port) ? `:${u.port}` : "";
    host += port;
    path = safeDecode(u.pathname);
  } catch {
    // Not a URL a browser would accept: normalize the text form so it still groups.
    s = s.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").replace(/[?#].*$/, "");
    const slash = s.indexOf("/");
    host = slash === -1 ? s : s.slice(0, slash);
    path = slash === -1 ? "" : s.slice(slash);
  }
  // A fully qualified host's trailing dot (`example.com.`) names the same site.
  host = host
    .toLowerCase()
    .replace(/^www\./, "")
    .replace(/\.(?=:\d+$|$)/, "");
  path = path.toLowerCase().replace(/\/+$/, "");
  return host + path;
}

/** Host of a normalized or raw URL, without `www.` (cited sources, type domain). */
export function urlDomain(raw: string): string {
  const n = normalizeUrl(raw);
  const slash = n.indexOf("/");
  const hostPort = slash === -1 ? n : n.slice(0, slash);
  return hostPort.replace(/:\d+$/, "");
}

/** First path segment of a normalized URL (`/blog`), or `/` for the root (docs/decisions.md#metrics). */
export function urlFolder(normalized: string): string {
  const slash = normalized.indexOf("/");
  if (slash === -1) return "/";
  const seg = normalized.slice(slash + 1).split("/")[0];
  return seg ? `/${seg}` : "/";
}

function isDefaultPort(protocol: string, port: string): boolean {
  return (protocol === "http:" && port === "80") || (protocol === "https:" && port === "443");
}

function safeDecode(path: string): string {
  try {
    // decodeURI keeps reserved characters encoded (%2F stays %2F): decoding them would move path segments.
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * The URL with any password replaced by `***`, for messages, logs and listings (a Redis URL, a
 * webhook's target); text that is not a URL at all is not echoed, since where a password is in
 * it cannot be told.
 */
export function withoutPassword(url: URL | string): string {
  let u: URL;
  try {
    u = new URL(String(url));
  } catch {
    return "(invalid URL)";
  }
  if (u.password !== "") u.password = "***";
  return u.toString();
}
