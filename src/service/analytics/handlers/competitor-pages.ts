import type { CompetitorPageDetail, CompetitorPages } from "../../../contract/index.js";
import type { Handler } from "../../http/handler.js";
import type { CompetitorRef } from "../metrics/leaderboard.js";
import {
  citedPageRows,
  type PageRow,
  pageMetrics,
  type SnapshotTotals,
  type UrlSums,
} from "../metrics/pages.js";
import { Loader } from "./_loader.js";
import { pageDetail, pageOr404 } from "./_page-detail.js";
import { competitorOr404 } from "./competitor.js";

const ref = (c: CompetitorRef) => ({ id: c.id, name: c.name, domain: c.domain });
const competitorPage = (row: PageRow) => ({ ...pageMetrics(row), folder: row.folder });

/** A competitor's pages cited in the current period, most cited first (shared with the report). */
export function competitorPageRows(urls: readonly UrlSums[], totals: SnapshotTotals, competitorId: string) {
  return citedPageRows(
    urls.filter((u) => u.competitorId === competitorId),
    totals,
  ).map(competitorPage);
}

async function buildCompetitorPageRows(l: Loader, competitor: CompetitorRef) {
  const [pages, totals] = await Promise.all([
    l.urlSums({ owner: "competitor", competitorId: competitor.id, uniquePrompts: true }),
    l.totals(),
  ]);
  return competitorPageRows(pages, totals, competitor.id);
}

/** GET /visibility/competitors/{competitor}/pages: the list (`search` on URL) or, with `url`, one page. */
export const getCompetitorPages: Handler<"getCompetitorPages"> = async (
  ctx,
): Promise<CompetitorPages | CompetitorPageDetail> => {
  const l = new Loader(ctx, ctx.query);
  const competitor = await competitorOr404(l, ctx.pathParams.competitor);
  if (ctx.query.url !== undefined) {
    const u = await pageOr404(l, ctx.query.url, { owner: "competitor", competitorId: competitor.id });
    const d = await pageDetail(l, u);
    return {
      range: l.range,
      competitor: ref(competitor),
      page: { ...competitorPage(d.row), share: d.share, trend: d.trend },
      prompts: d.prompts,
    };
  }
  const needle = ctx.query.search?.toLowerCase();
  const rows = await buildCompetitorPageRows(l, competitor);
  return {
    range: l.range,
    competitor: ref(competitor),
    pages: needle === undefined ? rows : rows.filter((r) => r.url.toLowerCase().includes(needle)),
  };
};
