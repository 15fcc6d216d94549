import type { CitedSources } from "../../../contract/index.js";
import type { Handler } from "../../http/handler.js";
import { citationsByOwner, citedSources, totalCitations } from "../metrics/cited-sources.js";
import { Loader } from "./_loader.js";

/** Cited sources data of a loader (the report builds its cited_sources section from the same metrics). */
async function buildCitedSources(l: Loader, type: "domain" | "url", limit: number): Promise<CitedSources> {
  const urls = await l.urlSums();
  return {
    range: l.range,
    type,
    total_citations: totalCitations(urls),
    citations_by_owner: citationsByOwner(urls),
    sources: citedSources(urls, type, limit),
  };
}

/** GET /visibility/cited-sources. */
export const getCitedSources: Handler<"getCitedSources"> = (ctx) =>
  buildCitedSources(new Loader(ctx, ctx.query), ctx.query.type, ctx.query.limit ?? 10);
