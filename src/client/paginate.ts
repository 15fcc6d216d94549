import type { Pagination } from "../contract/index.js";
import { CollectLimitError } from "./errors/collect-limit.js";
import { ResponseShapeError } from "./errors/response-shape.js";
import { type ItemMap, type ListDataMap, PAGE_ITEMS, type PageableId } from "./types.js";

/** Fetches one page of a list endpoint (validated against its list schema). */
export type PageFetcher<I extends PageableId> = (page: number) => Promise<ListDataMap[I]>;

/**
 * Every page of a list, from `start`, while `pagination.current_page < total_pages`. A server
 * that does not advance would loop forever, so that is a shape error.
 */
export async function* pagesOf<I extends PageableId>(
  id: I,
  fetchPage: PageFetcher<I>,
  start = 1,
): AsyncGenerator<ListDataMap[I]> {
  let page = start;
  for (;;) {
    const data = await fetchPage(page);
    yield data;
    const { current_page, total_pages }: Pagination = data.pagination;
    if (current_page >= total_pages) return;
    if (current_page < page) {
      const message = `expected page ${page}, got ${current_page}`;
      throw new ResponseShapeError([{ path: "data.pagination.current_page", message }], {
        endpoint: id,
        status: 200,
      });
    }
    page = current_page + 1;
  }
}

/** Items of a list across pages (prompts, rows, pages or contents by endpoint). */
export async function* itemsOf<I extends PageableId>(
  id: I,
  fetchPage: PageFetcher<I>,
  start = 1,
): AsyncGenerator<ItemMap[I]> {
  for await (const data of pagesOf(id, fetchPage, start)) {
    yield* (data as unknown as Record<string, ItemMap[I][]>)[PAGE_ITEMS[id]] ?? [];
  }
}

/**
 * All items into an array, refusing to go past `max`: throws `CollectLimitError` as soon as the
 * first page's `pagination.total` (or the running count) exceeds it, before fetching more. Silent
 * truncation would make a report quietly wrong; a caller who wants a prefix iterates and stops.
 */
export async function collectItems<I extends PageableId>(
  id: I,
  fetchPage: PageFetcher<I>,
  max: number,
  start = 1,
): Promise<ItemMap[I][]> {
  if (!Number.isInteger(max) || max < 0)
    throw new RangeError(`collect: max must be an integer >= 0, got ${max}`);
  const out: ItemMap[I][] = [];
  for await (const data of pagesOf(id, fetchPage, start)) {
    const items = (data as unknown as Record<string, ItemMap[I][]>)[PAGE_ITEMS[id]] ?? [];
    const { total, to, current_page, total_pages } = data.pagination;
    // Items on later pages, by the server's own count (`to` is the last item's 1-based index).
    const later = current_page < total_pages ? Math.max(0, total - to) : 0;
    const expected = out.length + items.length + later;
    if (expected > max) throw new CollectLimitError(max, expected, { endpoint: id });
    out.push(...items);
  }
  return out;
}
