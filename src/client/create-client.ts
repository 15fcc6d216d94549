import type { z } from "zod";
import {
  CompetitorPageDetail,
  CompetitorPages,
  ContentList,
  type EndpointId,
  endpoint,
  PromptList,
  SitePageList,
  YourPageDetail,
  YourPages,
} from "../contract/index.js";
import { type CallInit, call, type Transport } from "./_call.js";
import { makeRedactor } from "./_redact.js";
import { Semaphore } from "./_semaphore.js";
import { type ClientOptions, resolveOptions } from "./options.js";
import { collectItems, itemsOf, type PageFetcher } from "./paginate.js";
import type { ListDataMap, PageableId, RequestArgs } from "./types.js";
import type { VreportClient } from "./vreport-client.js";

/** List schemas per pageable endpoint: listPages validates the list form, not the union. */
const LIST_SCHEMAS: { [I in PageableId]: z.ZodType<ListDataMap[I]> } = {
  listPrompts: PromptList,
  listPages: YourPages,
  listContentMapPages: SitePageList,
  listContent: ContentList,
};

const USER_AGENT = "vreport-client/1 (+External Read API v1)";

/** Creates a typed client of the External Read API v1 (see `ClientOptions` for defaults). */
export function createClient(options: ClientOptions): VreportClient {
  const resolved = resolveOptions(options);
  const headers: Record<string, string> = { accept: "application/json", "user-agent": USER_AGENT };
  if (resolved.apiKey) {
    if (resolved.authHeader === "x-api-key") headers["x-api-key"] = resolved.apiKey;
    else headers.authorization = `Bearer ${resolved.apiKey}`;
  }
  const t: Transport = {
    options: resolved,
    semaphore: new Semaphore(resolved.concurrency),
    redact: makeRedactor(resolved.apiKey),
    headers,
  };

  // Widened on purpose: each method's return type is pinned by `VreportClient`, and the schema
  // passed (or the endpoint's own) is what `call` validates against.
  const get = (id: EndpointId, init: CallInit, schema?: z.ZodType): Promise<never> => {
    const def = endpoint(id);
    return call(t, def, init, schema ?? def.data) as Promise<never>;
  };
  const q = (params: object | undefined, signal?: AbortSignal) => ({ query: params, signal });
  const pager =
    <I extends PageableId>(id: I, params: object | undefined, signal?: AbortSignal): PageFetcher<I> =>
    (page) =>
      get(id, { query: { ...params, page }, signal }, LIST_SCHEMAS[id]);
  const startPage = (params: object | undefined) => {
    const page = (params as { page?: unknown } | undefined)?.page;
    return typeof page === "number" ? page : 1;
  };

  return {
    listProjects: (o) => get("listProjects", { signal: o?.signal }),
    getWorkspace: (o) => get("getWorkspace", { signal: o?.signal }),
    getReport: (p, o) => get("getReport", q(p, o?.signal)),
    getOverview: (p, o) => get("getOverview", q(p, o?.signal)),
    getSetup: (p, o) => get("getSetup", q(p, o?.signal)),
    getCategories: (p, o) => get("getCategories", q(p, o?.signal)),
    getLeaderboard: (p, o) => get("getLeaderboard", q(p, o?.signal)),
    getCompetitor: (competitor, p, o) =>
      get("getCompetitor", { ...q(p, o?.signal), pathParams: { competitor } }),
    getCompetitorPages: (competitor, p, o) =>
      get("getCompetitorPages", { ...q(p, o?.signal), pathParams: { competitor } }, CompetitorPages),
    getCompetitorPage: (competitor, url, p, o) =>
      get(
        "getCompetitorPages",
        { ...q({ ...p, url }, o?.signal), pathParams: { competitor } },
        CompetitorPageDetail,
      ),
    listPrompts: (p, o) => get("listPrompts", q(p, o?.signal)),
    getPromptAnswers: (prompt, p, o) =>
      get("getPromptAnswers", { ...q(p, o?.signal), pathParams: { prompt } }),
    listPages: (p, o) => get("listPages", q(p, o?.signal), YourPages),
    getPage: (url, p, o) => get("listPages", q({ ...p, url }, o?.signal), YourPageDetail),
    getCitedSources: (p, o) => get("getCitedSources", q(p, o?.signal)),
    getTopics: (p, o) => get("getTopics", q(p, o?.signal)),
    listContentMapPages: (p, o) => get("listContentMapPages", q(p, o?.signal)),
    listContent: (p, o) => get("listContent", q(p, o?.signal)),
    listContentMapSites: (p, o) => get("listContentMapSites", q(p, o?.signal)),
    getEventCatalog: (workspace_id, o) =>
      get("getEventCatalog", { signal: o?.signal, pathParams: { workspace_id } }),
    iterate: (id, p, o) => itemsOf(id, pager(id, p, o?.signal), startPage(p)),
    collect: (id, p, o) => collectItems(id, pager(id, p, o.signal), o.max, startPage(p)),
    request: <I extends EndpointId>(id: I, ...[init]: RequestArgs<I>) => get(id, init ?? {}),
  };
}
