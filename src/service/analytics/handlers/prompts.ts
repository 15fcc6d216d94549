import type { PromptList } from "../../../contract/index.js";
import type { Handler } from "../../http/handler.js";
import { pageOffset, paginationOf } from "../../http/pagination.js";
import { filterPrompts, type PromptRow, promptRows, sortPrompts } from "../metrics/prompt-rows.js";
import { Loader } from "./_loader.js";

/** Every prompt with its rates, oldest first (shared with the report's prompts section). */
export async function buildPromptRows(l: Loader): Promise<PromptRow[]> {
  const [prompts, sums, categories] = await Promise.all([l.prompts(), l.promptSums(), l.categories()]);
  return promptRows(prompts, sums, categories);
}

/** GET /visibility/prompts: search, category, sort, direction, pagination. */
export const listPrompts: Handler<"listPrompts"> = async (ctx): Promise<PromptList> => {
  const l = new Loader(ctx, ctx.query);
  const q = ctx.query;
  // The contract types defaulted ints as optional (int() returns a union); defaults repeated here.
  const page = q.page ?? 1;
  const perPage = q.per_page ?? 25;
  const all = filterPrompts(await buildPromptRows(l), q.search, q.category);
  const sorted = sortPrompts(all, q.sort, q.direction, await l.categories());
  const offset = pageOffset(page, perPage, sorted.length);
  const slice = offset === null ? [] : sorted.slice(offset, offset + perPage);
  return {
    range: l.range,
    prompts: slice.map(({ snapshots: _snapshots, ...item }) => item),
    pagination: paginationOf(
      {
        page,
        perPage,
        total: sorted.length,
        requestUrl: ctx.requestUrl,
        linkQuery: ctx.linkQuery,
      },
      slice.length,
    ),
  };
};
