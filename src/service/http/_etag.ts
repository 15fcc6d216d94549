import { createHash } from "node:crypto";

/**
 * Strong ETag of a response body: its bytes' SHA-256, truncated (collisions between two
 * representations of one URL at 128 bits are not a practical concern). docs/api.md, "Extensions to v1".
 */
export function etagOf(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
}

/**
 * Whether an If-None-Match header names `etag`: `*`, or a comma-separated list compared weakly
 * as RFC 9110 §13.1.2 requires (a `W/` prefix does not prevent a match).
 */
export function noneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const list = Array.isArray(header) ? header.join(",") : header;
  for (const raw of list.split(",")) {
    const tag = raw.trim();
    if (tag === "*") return true;
    if ((tag.startsWith("W/") ? tag.slice(2) : tag) === etag) return true;
  }
  return false;
}
