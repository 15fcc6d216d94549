import { normalizeUrl } from "../../../contract/index.js";
import { ApiError } from "../../http/api-error.js";
import { totalCitations } from "../metrics/cited-sources.js";
import { dailyTallies } from "../metrics/overview.js";
import { type PageRow, pageRow, type UrlSums } from "../metrics/pages.js";
import { rate } from "../metrics/rates.js";
import { loadCitingPrompts, loadUrlDailyCitations } from "../queries/page-detail.js";
import type { UrlFilter } from "../queries/url-sums.js";
import type { Loader } from "./_loader.js";

/**
 * The stored URL a `url=` parameter names, among `filter`'s URLs, or 404 "page not found". The
 * store keys URLs by the contract's `normalizeUrl`, so any spelling of a stored URL finds it.
 */
export async function pageOr404(l: Loader, raw: string, filter: UrlFilter): Promise<UrlSums> {
  const candidates = [normalizeUrl(raw)].filter((u) => u !== "");
  const found = candidates.length
    ? await l.urlSums({ ...filter, urls: candidates, uniquePrompts: true })
    : [];
  const page = found[0];
  if (!page) throw ApiError.notFound("page");
  return page;
}

/** A page row with its share of all citations and its daily citation rate, plus the prompts citing it. */
export async function pageDetail(l: Loader, u: UrlSums) {
  const [totals, all, daily, perDay, prompts] = await Promise.all([
    l.totals(),
    l.urlSums(),
    l.daily(),
    loadUrlDailyCitations(l.db, l.project.id, u.urlId, l.period),
    loadCitingPrompts(l.db, u.urlId, l.period),
  ]);
  const row: PageRow = pageRow(u, totals);
  return {
    row,
    share: rate(u.current.citations, totalCitations(all)),
    trend: dailyTallies(daily.platforms, l.period.current).map(([date, t]) => ({
      date,
      value: rate(perDay.get(date) ?? 0, t.snapshots),
    })),
    prompts,
  };
}
