import type { Pagination } from "../contract/index.js";
import type { ToolResult } from "./tool.js";

/** What a paginated result says of its page instead of the API's pagination object (no URLs). */
export interface PageInfo {
  page: number;
  per_page: number;
  total: number;
  total_pages: number;
  /** The page to ask for next, or null on the last page. */
  next_page: number | null;
}

function isPagination(v: unknown): v is Pagination {
  return typeof v === "object" && v !== null && "current_page" in v && "total_pages" in v;
}

/**
 * A tool's result without what a model does not need (docs/mcp.md, "Results"): the pagination's
 * links become the page numbers, with a note saying how to get the next page. The figures stay
 * exactly as the API gives them, so they can be checked against the report.
 */
export function compactResult(tool: string, listKey: string | undefined, data: unknown): ToolResult {
  if (listKey === undefined || typeof data !== "object" || data === null) return { data };
  const { pagination, ...rest } = data as Record<string, unknown>;
  if (!isPagination(pagination)) return { data };
  const next = pagination.current_page < pagination.total_pages ? pagination.current_page + 1 : null;
  const page: PageInfo = {
    page: pagination.current_page,
    per_page: pagination.per_page,
    total: pagination.total,
    total_pages: pagination.total_pages,
    next_page: next,
  };
  return {
    data: { ...rest, page },
    ...(next !== null
      ? {
          note: `Page ${page.page} of ${page.total_pages} (${page.total} ${listKey} in all): call ${tool} again with the same arguments and page=${next} for the next.`,
        }
      : {}),
  };
}
