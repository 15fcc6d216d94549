import type { CompetitorDetail } from "../../../contract/index.js";
import { PLATFORMS } from "../../../contract/index.js";
import { ApiError } from "../../http/api-error.js";
import type { Handler } from "../../http/handler.js";
import type { CompetitorRef } from "../metrics/leaderboard.js";
import { dailyTallies } from "../metrics/overview.js";
import { citedPageRows, pageMetrics } from "../metrics/pages.js";
import { metric, rate } from "../metrics/rates.js";
import { inRange } from "../metrics/tally.js";
import { noComparison } from "../period.js";
import { loadCompetitorPromptCounts } from "../queries/coverage.js";
import { loadCompetitorDays } from "../queries/daily.js";
import { isUuid } from "../queries/setup.js";
import { Loader } from "./_loader.js";

/** Top cited pages in a competitor detail (spec Limits). */
const TOP_PAGES = 5;

/** The competitor with this id in the loader's project, or 404 (another project's id included). */
export async function competitorOr404(l: Loader, id: string | undefined): Promise<CompetitorRef> {
  const found = isUuid(id) ? (await l.competitors()).find((c) => c.id === id.toLowerCase()) : undefined;
  if (!found) throw ApiError.notFound("competitor");
  return found;
}

/** One competitor's detail: rates, prompt coverage, daily citation rate, per-platform citations, top pages. */
export async function buildCompetitor(l: Loader, competitor: CompetitorRef): Promise<CompetitorDetail> {
  const [daily, mine, totals, brand, meta, pages, statsOf] = await Promise.all([
    l.daily(),
    l.meta().then(() => loadCompetitorDays(l.db, l.project.id, competitor.id, l.period)),
    l.totals(),
    l.brandMoments(),
    l.meta(),
    l.urlSums({ owner: "competitor", competitorId: competitor.id, uniquePrompts: true }),
    l.competitorStats(),
  ]);
  const stats = statsOf(competitor.id);
  const sum = (range: typeof l.period.current, key: "mentioned" | "cited", platform?: string) =>
    mine.reduce(
      (n, r) => n + (inRange(r.day, range) && (!platform || r.platform === platform) ? r[key] : 0),
      0,
    );
  const cur = l.period.current;
  const prev = l.period.previous;
  // docs/api.md Extensions to v1: no comparison from a period without data.
  const none = noComparison(l.period, totals.previous);
  const coverage = await loadCompetitorPromptCounts(l.db, l.project.id, competitor.id, meta, l.period);
  // The clusters of the brand's rates: the prompts with answers in the period.
  const promptsWithSnapshots = brand.mention.current.prompts;
  const citedByDay = new Map<string, number>();
  for (const r of mine)
    if (inRange(r.day, cur)) citedByDay.set(r.day, (citedByDay.get(r.day) ?? 0) + r.cited);
  const platformSnapshots = (p: string) =>
    daily.platforms.reduce((n, r) => n + (r.platform === p && inRange(r.day, cur) ? r.snapshots : 0), 0);
  return {
    range: l.range,
    competitor: { id: competitor.id, name: competitor.name, domain: competitor.domain },
    mention_rate: {
      ...metric(
        rate(sum(cur, "mentioned"), totals.current),
        none ? null : rate(sum(prev, "mentioned"), totals.previous),
      ),
      stats: stats.mention,
    },
    citation_rate: {
      ...metric(
        rate(sum(cur, "cited"), totals.current),
        none ? null : rate(sum(prev, "cited"), totals.previous),
      ),
      stats: stats.citation,
    },
    prompt_coverage: {
      current: coverage.current,
      previous: coverage.previous,
      total: promptsWithSnapshots,
      delta: coverage.current - coverage.previous,
    },
    citation_rate_trend: dailyTallies(daily.platforms, l.period.current).map(([date, t]) => ({
      date,
      value: rate(citedByDay.get(date) ?? 0, t.snapshots),
    })),
    citations_by_platform: PLATFORMS.filter((p) => platformSnapshots(p) > 0).map((platform) => ({
      platform,
      snapshots: platformSnapshots(platform),
      citation_rate: rate(sum(cur, "cited", platform), platformSnapshots(platform)),
    })),
    top_cited_pages: citedPageRows(pages, totals)
      .slice(0, TOP_PAGES)
      .map((row) => ({ ...pageMetrics(row), competitor_name: competitor.name })),
  };
}

/** GET /visibility/competitors/{competitor}. */
export const getCompetitor: Handler<"getCompetitor"> = async (ctx) => {
  const l = new Loader(ctx, ctx.query);
  return buildCompetitor(l, await competitorOr404(l, ctx.pathParams.competitor));
};
