import { sql } from "kysely";
import { addDays } from "../../contract/calendar.js";
import { CONTENT_PAGE_SIZE, PRODUCED_STATUSES } from "../../contract/index.js";
import { ApiError } from "../http/api-error.js";
import type { Handler, RequestContext } from "../http/handler.js";
import { containsPattern } from "../http/like.js";
import { pageOffset, paginationOf } from "../http/pagination.js";
import { toContentItem } from "./_content-item.js";
import { zonedInstant } from "./_zoned-time.js";

const IDEAS_ONLY = ["sources[]", "stages[]", "from", "to"] as const;
const plannedFor = sql<string | null>`config->>'planned_for'`;

/**
 * A filter given for a view it does not apply to is a 422 naming it, rather than silently
 * ignored: a caller filtering PRODUCED items by stage would otherwise get unfiltered data.
 */
function checkFilters(
  query: RequestContext<"listContent">["query"],
  rawQuery: RequestContext["rawQuery"],
): void {
  const errors: Record<string, string[]> = {};
  // Unknown parameters are ignored, but these two near-misses would silently return unfiltered items.
  for (const name of ["sources", "stages"] as const) {
    if (Object.hasOwn(rawQuery, name))
      errors[name] = [`unknown parameter: use ${name}[] (repeat it for several values)`];
  }
  if (query.view !== "PRODUCED" && query.status !== undefined) {
    errors.status = ["applies to the PRODUCED view only"];
  }
  if (query.view !== "IDEAS") {
    for (const name of IDEAS_ONLY)
      if (query[name] !== undefined) errors[name] = ["applies to the IDEAS view only"];
  }
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    errors.to = ["must be on or after from"];
  }
  if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
}

/**
 * GET /content: IDEAS (new items not planned, newest first), PLANNED (new items with
 * config.planned_for, soonest first, status PLANNED) or PRODUCED (generating, generated,
 * published or failed, most recently updated first); 15 per page; `search` matches the title.
 */
export const listContent: Handler<"listContent"> = async (ctx) => {
  const { store, query, workspace } = ctx;
  checkFilters(query, ctx.rawQuery);
  const page = query.page ?? 1;
  let base = store.db.selectFrom("content_items").where("project_id", "=", ctx.project!.id);
  if (query.view === "PRODUCED") {
    base = base.where("status", "in", query.status !== undefined ? [query.status] : [...PRODUCED_STATUSES]);
  } else {
    base = base.where("status", "=", "NEW").where(plannedFor, query.view === "IDEAS" ? "is" : "is not", null);
  }
  if (query.search !== undefined && query.search !== "") {
    base = base.where(sql`title`, "ilike", containsPattern(query.search));
  }
  if (query["sources[]"] !== undefined) base = base.where("source", "in", query["sources[]"]);
  if (query["stages[]"] !== undefined) base = base.where("buyer_stage", "in", query["stages[]"]);
  // Dates are calendar days in the workspace timezone: [from 00:00, to + 1 day 00:00).
  if (query.from !== undefined)
    base = base.where("created_at", ">=", zonedInstant(workspace.timezone, query.from));
  if (query.to !== undefined) {
    base = base.where("created_at", "<", zonedInstant(workspace.timezone, addDays(query.to, 1)));
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const offset = pageOffset(page, CONTENT_PAGE_SIZE, Number(total));
  let ordered = base.selectAll();
  if (query.view === "IDEAS") ordered = ordered.orderBy("created_at", "desc").orderBy("id", "desc");
  else if (query.view === "PLANNED") {
    ordered = ordered
      .orderBy(plannedFor, "asc")
      .orderBy(sql`config->>'planned_time'`, (ob) => ob.asc().nullsLast())
      .orderBy("created_at", "asc")
      .orderBy("id", "asc");
  } else ordered = ordered.orderBy("updated_at", "desc").orderBy("id", "desc");
  const rows = offset === null ? [] : await ordered.limit(CONTENT_PAGE_SIZE).offset(offset).execute();
  const contents = rows.map((r) =>
    toContentItem(r, query.view === "PLANNED" ? "PLANNED" : query.view === "IDEAS" ? "NEW" : r.status),
  );
  return {
    contents,
    pagination: paginationOf(
      {
        page,
        perPage: CONTENT_PAGE_SIZE,
        total: Number(total),
        requestUrl: ctx.requestUrl,
        linkQuery: ctx.linkQuery,
      },
      contents.length,
    ),
  };
};
