import type {
  ContentItem,
  ContentList,
  EndpointById,
  EndpointId,
  ParamsIn,
  PromptItem,
  PromptList,
  SitePage,
  SitePageList,
  YourPage,
  YourPages,
} from "../contract/index.js";

/** Per-call options. */
export interface CallOptions {
  /** Cancels waiting for a slot, backoff sleeps and the fetch itself. */
  signal?: AbortSignal | undefined;
}

// Coerced numbers (`page`, `per_page`, `limit`) have input type `unknown` in zod; callers pass numbers.
type Tighten<T> = { [K in keyof T]: unknown extends T[K] ? number : T[K] };

/** Query parameters a caller may pass to an endpoint (defaults apply server-side). */
export type QueryOf<I extends EndpointId> = Tighten<ParamsIn<EndpointById<I>["params"]>>;

type Placeholders<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N | Placeholders<Rest>
  : never;

/** Path parameters of an endpoint, e.g. `{ competitor: string }`. */
export type PathParamsOf<I extends EndpointId> = { [K in Placeholders<EndpointById<I>["path"]>]: string };

/** Arguments of the generic `request`: path parameters are required exactly when the path has some. */
export type RequestOptions<I extends EndpointId> = CallOptions & {
  query?: QueryOf<I> | undefined;
} & ([Placeholders<EndpointById<I>["path"]>] extends [never]
    ? { pathParams?: undefined }
    : { pathParams: PathParamsOf<I> });

/** Property of the list `data` holding the items, per pageable endpoint. */
export const PAGE_ITEMS = {
  listPrompts: "prompts",
  listPages: "rows",
  listContentMapPages: "pages",
  listContent: "contents",
} as const satisfies Partial<Record<EndpointId, string>>;

/** Endpoints `iterate` and `collect` accept. */
export type PageableId = keyof typeof PAGE_ITEMS;

/** The list `data` of a pageable endpoint (listPages without `url`). */
export interface ListDataMap {
  listPrompts: PromptList;
  listPages: YourPages;
  listContentMapPages: SitePageList;
  listContent: ContentList;
}

/** Item type yielded by `iterate`. */
export interface ItemMap {
  listPrompts: PromptItem;
  listPages: YourPage;
  listContentMapPages: SitePage;
  listContent: ContentItem;
}

/** Query of a list call: `url` would switch listPages to the single-page detail. */
export type ListQuery<I extends PageableId> = Omit<QueryOf<I>, "url">;

/** Arguments after the id of the generic `request`: optional unless the path has placeholders. */
export type RequestArgs<I extends EndpointId> = [Placeholders<EndpointById<I>["path"]>] extends [never]
  ? [init?: RequestOptions<I>]
  : [init: RequestOptions<I>];
