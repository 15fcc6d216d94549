import type {
  CompetitorPageDetail,
  CompetitorPages,
  DataOf,
  EndpointId,
  YourPageDetail,
  YourPages,
} from "../contract/index.js";
import type { CallOptions, ItemMap, ListQuery, PageableId, QueryOf, RequestArgs } from "./types.js";

/** Options of `collect`: the cap is required, so a runaway list cannot exhaust memory. */
export interface CollectOptions extends CallOptions {
  /** Most items to gather; more throws `CollectLimitError` (nothing is silently dropped). */
  max: number;
}

/** Query of the single-page calls (`url` is the positional argument). */
type DetailQuery<I extends "getCompetitorPages" | "listPages"> = Omit<
  QueryOf<I>,
  "url" | "search" | "page" | "per_page" | "sort" | "direction"
>;

/**
 * The typed client: one method per endpoint id of the contract, each returning the validated,
 * unwrapped `data`, plus the single-page conveniences, pagination and the generic `request`.
 */
export interface VreportClient {
  listProjects(options?: CallOptions): Promise<DataOf<"listProjects">>;
  getWorkspace(options?: CallOptions): Promise<DataOf<"getWorkspace">>;
  getReport(params?: QueryOf<"getReport">, options?: CallOptions): Promise<DataOf<"getReport">>;
  getOverview(params?: QueryOf<"getOverview">, options?: CallOptions): Promise<DataOf<"getOverview">>;
  getSetup(params?: QueryOf<"getSetup">, options?: CallOptions): Promise<DataOf<"getSetup">>;
  getCategories(params?: QueryOf<"getCategories">, options?: CallOptions): Promise<DataOf<"getCategories">>;
  getLeaderboard(
    params?: QueryOf<"getLeaderboard">,
    options?: CallOptions,
  ): Promise<DataOf<"getLeaderboard">>;
  getCompetitor(
    competitorId: string,
    params?: QueryOf<"getCompetitor">,
    options?: CallOptions,
  ): Promise<DataOf<"getCompetitor">>;
  /** A competitor's cited pages (the list form; `getCompetitorPage` is the `url` form). */
  getCompetitorPages(
    competitorId: string,
    params?: Omit<QueryOf<"getCompetitorPages">, "url">,
    options?: CallOptions,
  ): Promise<CompetitorPages>;
  /** One competitor page: its rate, share, trend and the prompts citing it. */
  getCompetitorPage(
    competitorId: string,
    url: string,
    params?: DetailQuery<"getCompetitorPages">,
    options?: CallOptions,
  ): Promise<CompetitorPageDetail>;
  listPrompts(params?: QueryOf<"listPrompts">, options?: CallOptions): Promise<DataOf<"listPrompts">>;
  getPromptAnswers(
    promptId: string,
    params?: QueryOf<"getPromptAnswers">,
    options?: CallOptions,
  ): Promise<DataOf<"getPromptAnswers">>;
  /** Your cited pages (the list form; `getPage` is the `url` form). */
  listPages(params?: ListQuery<"listPages">, options?: CallOptions): Promise<YourPages>;
  /** One of your pages: its overview and the prompts citing it. */
  getPage(url: string, params?: DetailQuery<"listPages">, options?: CallOptions): Promise<YourPageDetail>;
  getCitedSources(
    params?: QueryOf<"getCitedSources">,
    options?: CallOptions,
  ): Promise<DataOf<"getCitedSources">>;
  getTopics(params?: QueryOf<"getTopics">, options?: CallOptions): Promise<DataOf<"getTopics">>;
  listContentMapPages(
    params?: QueryOf<"listContentMapPages">,
    options?: CallOptions,
  ): Promise<DataOf<"listContentMapPages">>;
  listContent(params?: QueryOf<"listContent">, options?: CallOptions): Promise<DataOf<"listContent">>;
  listContentMapSites(
    params?: QueryOf<"listContentMapSites">,
    options?: CallOptions,
  ): Promise<DataOf<"listContentMapSites">>;
  /** The webhook event catalog of a workspace (at the service root, outside the v1 prefix). */
  getEventCatalog(workspaceId: string, options?: CallOptions): Promise<DataOf<"getEventCatalog">>;

  /** Every item of a list endpoint across pages; `params.page` sets the first page. */
  iterate<I extends PageableId>(
    id: I,
    params?: ListQuery<I>,
    options?: CallOptions,
  ): AsyncIterable<ItemMap[I]>;
  /** Every item of a list endpoint in an array, up to the required cap (see `CollectOptions`). */
  collect<I extends PageableId>(
    id: I,
    params: ListQuery<I> | undefined,
    options: CollectOptions,
  ): Promise<ItemMap[I][]>;
  /** The generic call underneath every method. */
  request<I extends EndpointId>(id: I, ...args: RequestArgs<I>): Promise<DataOf<I>>;
}

// Compile-time guard: a new endpoint in the contract without a client method fails to build.
type AssertNever<T extends never> = T;
/** Endpoint ids without a client method: must stay `never`. */
export type MissingMethods = AssertNever<Exclude<EndpointId, keyof VreportClient>>;
