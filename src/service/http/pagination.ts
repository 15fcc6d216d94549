import type { Pagination } from "../../contract/index.js";
import { stringifyQuery } from "./_query-string.js";

export interface PageRequest {
  page: number;
  perPage: number;
  total: number;
  /** Absolute URL of the request without its query. */
  requestUrl: string;
  /** The endpoint's own parameters as received; links keep them and change only `page`. */
  linkQuery: Record<string, unknown>;
}

/** Row offset of a page, or null when the page starts past the last row (no query needed). */
export function pageOffset(page: number, perPage: number, total: number): number | null {
  const offset = (page - 1) * perPage;
  return offset >= total ? null : offset;
}

/**
 * The pagination object: 1-based from/to (0 when empty), links null on the first/last page. Past
 * the end, prev_url leads to the last page rather than to the (equally empty) page before.
 */
export function paginationOf(req: PageRequest, count: number): Pagination {
  const totalPages = Math.ceil(req.total / req.perPage);
  const from = count > 0 ? (req.page - 1) * req.perPage + 1 : 0;
  const link = (page: number) =>
    `${req.requestUrl}?${stringifyQuery({ ...req.linkQuery, page: String(page) })}`;
  return {
    from,
    to: count > 0 ? from + count - 1 : 0,
    count,
    per_page: req.perPage,
    current_page: req.page,
    total: req.total,
    total_pages: totalPages,
    next_url: req.page < totalPages ? link(req.page + 1) : null,
    prev_url: req.page > 1 ? link(Math.min(req.page - 1, Math.max(totalPages, 1))) : null,
  };
}
