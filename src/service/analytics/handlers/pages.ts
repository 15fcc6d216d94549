import type { YourPage, YourPageDetail, YourPages } from "../../../contract/index.js";
import type { Handler } from "../../http/handler.js";
import { pageOffset, paginationOf } from "../../http/pagination.js";
import { citedPageRows, type PageRow, sortPages } from "../metrics/pages.js";
import { Loader } from "./_loader.js";
import { pageDetail, pageOr404 } from "./_page-detail.js";

const YOURS = { owner: "you", uniquePrompts: true } as const;

/** Your pages cited in the current period, most cited first (shared with the report). */
export async function buildYourPageRows(l: Loader): Promise<YourPage[]> {
  const [pages, totals] = await Promise.all([l.urlSums(YOURS), l.totals()]);
  return citedPageRows(pages, totals);
}

/** GET /visibility/pages: sorted, paginated list, or with `url` one page and the prompts citing it. */
export const listPages: Handler<"listPages"> = async (ctx): Promise<YourPages | YourPageDetail> => {
  const l = new Loader(ctx, ctx.query);
  const q = ctx.query;
  // The contract types defaulted ints as optional (int() returns a union); defaults repeated here.
  const page = q.page ?? 1;
  const perPage = q.per_page ?? 25;
  if (q.url !== undefined) {
    const d = await pageDetail(l, await pageOr404(l, q.url, { owner: "you" }));
    return { range: l.range, page: { ...d.row, share: d.share, trend: d.trend }, prompts: d.prompts };
  }
  const rows: PageRow[] = sortPages(await buildYourPageRows(l), q.sort, q.direction);
  const offset = pageOffset(page, perPage, rows.length);
  const slice = offset === null ? [] : rows.slice(offset, offset + perPage);
  return {
    range: l.range,
    totals: { pages: rows.length },
    rows: slice,
    pagination: paginationOf(
      {
        page,
        perPage,
        total: rows.length,
        requestUrl: ctx.requestUrl,
        linkQuery: ctx.linkQuery,
      },
      slice.length,
    ),
  };
};
