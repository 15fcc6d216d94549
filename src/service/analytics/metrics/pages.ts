import { createHash } from "node:crypto";
import { urlFolder } from "../../../contract/index.js";
import { rate } from "./rates.js";

/** A cited URL's counts in both periods (from the URL aggregates). */
export interface UrlSums {
  urlId: string;
  /** Normalized URL, as stored. */
  url: string;
  domain: string;
  owner: "you" | "competitor" | "other";
  competitorId: string | null;
  /** Id of the content-map page with this URL, if any. */
  sitePageId: string | null;
  current: { citations: number; uniquePrompts: number };
  previous: { citations: number; uniquePrompts: number };
}

/** Snapshot totals of both periods (the citation-rate denominators). */
export interface SnapshotTotals {
  current: number;
  previous: number;
}

/** A page row as the pages endpoints share it (PageMetrics + folder + id). */
export interface PageRow {
  id: string;
  url: string;
  folder: string;
  citations: number;
  citations_delta: number;
  citation_rate: number;
  citation_rate_delta: number;
  unique_prompts: number;
  unique_prompts_delta: number;
}

/** Stable id of a page outside the content map: a UUID-shaped SHA-256 prefix of its normalized URL. */
export function urlHashId(url: string): string {
  const h = createHash("sha256").update(url).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** The page row of a URL: citations = snapshots citing it, citation_rate over all snapshots. */
export function pageRow(u: UrlSums, totals: SnapshotTotals): PageRow {
  const citationRate = rate(u.current.citations, totals.current);
  return {
    id: u.sitePageId ?? urlHashId(u.url),
    url: u.url,
    folder: urlFolder(u.url),
    citations: u.current.citations,
    citations_delta: u.current.citations - u.previous.citations,
    citation_rate: citationRate,
    citation_rate_delta: citationRate - rate(u.previous.citations, totals.previous),
    unique_prompts: u.current.uniquePrompts,
    unique_prompts_delta: u.current.uniquePrompts - u.previous.uniquePrompts,
  };
}

/** Rows of the URLs cited in the current period, most cited first (URL breaks ties). */
export function citedPageRows(urls: readonly UrlSums[], totals: SnapshotTotals): PageRow[] {
  return urls
    .filter((u) => u.current.citations > 0)
    .map((u) => pageRow(u, totals))
    .sort((a, b) => b.citations - a.citations || (a.url < b.url ? -1 : 1));
}

/** Sorts page rows by a field and direction, URL ascending on ties. */
export function sortPages(
  rows: readonly PageRow[],
  sort: "citations" | "citation_rate" | "unique_prompts",
  direction: "asc" | "desc",
): PageRow[] {
  const sign = direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => sign * (a[sort] - b[sort]) || (a.url < b.url ? -1 : 1));
}

/** PageMetrics fields of a page row (no id, no folder). */
export function pageMetrics(row: PageRow) {
  const { id: _id, folder: _folder, ...metrics } = row;
  return metrics;
}
