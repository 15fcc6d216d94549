import type { CitationsByOwner, CitedSource } from "../../../contract/index.js";
import type { UrlSums } from "./pages.js";
import { competitionRanks } from "./ranks.js";
import { rate } from "./rates.js";

type Tag = "you" | "competitor" | null;

/** Stronger tag wins when a domain holds several owners' URLs: you, then competitor. */
function mergeTag(a: Tag, b: Tag): Tag {
  if (a === "you" || b === "you") return "you";
  if (a === "competitor" || b === "competitor") return "competitor";
  return null;
}

const tagOf = (owner: UrlSums["owner"]): Tag => (owner === "other" ? null : owner);

/** Citations in the current period summed over every URL (the share denominator). */
export function totalCitations(urls: readonly UrlSums[]): number {
  return urls.reduce((n, u) => n + u.current.citations, 0);
}

/** Citations of the current period by the owner of the cited URL (they add up to the total). */
export function citationsByOwner(urls: readonly UrlSums[]): CitationsByOwner {
  const out: CitationsByOwner = { you: 0, competitor: 0, other: 0 };
  for (const u of urls) out[u.owner] += u.current.citations;
  return out;
}

/**
 * Cited sources of the current period: value = host without `www.` (domain) or the normalized URL
 * (url); citations summed over the value's URLs; share = citations / all citations; competition
 * ranks; most cited first, value ascending on ties; at most `limit` rows.
 */
export function citedSources(urls: readonly UrlSums[], type: "domain" | "url", limit: number): CitedSource[] {
  const total = totalCitations(urls);
  const byValue = new Map<string, { citations: number; tag: Tag }>();
  for (const u of urls) {
    if (u.current.citations === 0) continue;
    const value = type === "domain" ? u.domain : u.url;
    const prev = byValue.get(value);
    byValue.set(value, {
      citations: (prev?.citations ?? 0) + u.current.citations,
      tag: prev ? mergeTag(prev.tag, tagOf(u.owner)) : tagOf(u.owner),
    });
  }
  const sorted = [...byValue.entries()].sort(
    ([va, a], [vb, b]) => b.citations - a.citations || (va < vb ? -1 : 1),
  );
  const ranks = competitionRanks(sorted.map(([, s]) => s.citations));
  return sorted.slice(0, limit).map(([value, s], i) => ({
    rank: ranks[i]!,
    value,
    citations: s.citations,
    share: rate(s.citations, total),
    tag: s.tag,
  }));
}

/** Number of distinct values (domains or URLs) cited in the current period. */
export function sourceCount(urls: readonly UrlSums[], type: "domain" | "url"): number {
  return new Set(
    urls.filter((u) => u.current.citations > 0).map((u) => (type === "domain" ? u.domain : u.url)),
  ).size;
}
