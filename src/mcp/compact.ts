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

/** Rows of each section `get_report` lists; the focused tools give the rest. */
export const REPORT_ROWS = 10;

/** Where the whole of each cut list is: the focused tool that pages or lists it. */
const WHOLE_LIST: Record<string, string> = {
  trend: "get_overview (trend_series)",
  categories: "get_categories",
  competitors: "get_leaderboard",
  cited_sources: "get_cited_sources (limit up to 50)",
  your_pages: "list_pages",
  competitor_pages: "get_competitor_pages",
  prompts: "list_prompts (paginated)",
  answers: "get_prompt_answers",
};

/**
 * `get_report` for a model: the whole report is some 700 KB at the demo's scale (daily trend,
 * every prompt and 500 answers), more than a model should read at once. Each section keeps its
 * totals and first REPORT_ROWS rows (the API's order, figures untouched) with its row count; the
 * trend's days are left to get_overview; the note names the tools that give the rest.
 */
export function compactReport(data: unknown): ToolResult {
  if (typeof data !== "object" || data === null || !Array.isArray((data as { sections?: unknown }).sections))
    return { data };
  const report = data as { sections: Record<string, unknown>[] };
  const cut: string[] = [];
  const sections = report.sections.map((s) => {
    // The trend is days (by platform and category too): get_overview gives its series.
    if (s.key === "trend") {
      cut.push("trend");
      return {
        key: s.key,
        title: s.title,
        totals: s.totals,
        days_left_out: Object.keys(s).filter((k) => !["key", "title", "totals"].includes(k)),
      };
    }
    const out: Record<string, unknown> = { ...s };
    for (const list of ["rows", "previous_rows", "gaps"]) {
      const rows = s[list];
      if (!Array.isArray(rows)) continue;
      if (rows.length <= REPORT_ROWS) continue;
      out[list] = rows.slice(0, REPORT_ROWS);
      out[`${list}_total`] = rows.length;
      cut.push(String(s.key));
    }
    return out;
  });
  const lists = [...new Set(cut)];
  return {
    data: { ...report, sections },
    ...(lists.length > 0
      ? {
          note: `Each list shows its first ${REPORT_ROWS} rows (*_total gives the count; the trend's days are left out). The whole lists: ${lists
            .map((k) => `${k} from ${WHOLE_LIST[k] ?? "its focused tool"}`)
            .join("; ")}.`,
        }
      : {}),
  };
}
