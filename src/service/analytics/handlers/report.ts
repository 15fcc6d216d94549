import { type FullReport, PLATFORMS, REPORT_LIMITS, type ReportSection } from "../../../contract/index.js";
import { ENGLISH } from "../../../format/i18n/index.js";
import type { Handler } from "../../http/handler.js";
import { citationsByOwner, citedSources, sourceCount, totalCitations } from "../metrics/cited-sources.js";
import { dailyTallies, platformRows, ratesOf } from "../metrics/overview.js";
import { gapRows } from "../metrics/prompt-gaps.js";
import type { CategoryRecord } from "../metrics/prompt-rows.js";
import { sortPrompts } from "../metrics/prompt-rows.js";
import { metric } from "../metrics/rates.js";
import { type DayCounts, daysWithSnapshots, type Tally } from "../metrics/tally.js";
import { noComparison, type Period, reportPeriod } from "../period.js";
import { loadLatestAnswers } from "../queries/answers.js";
import { type CategoryDayRow, loadCategoryDaily } from "../queries/daily.js";
import { Loader } from "./_loader.js";
import { competitorPageRows } from "./competitor-pages.js";
import { buildCategories, buildLeaderboard, buildOverview } from "./overview.js";
import { buildYourPageRows } from "./pages.js";
import { compactAnswer } from "./prompt-answers.js";
import { buildPromptRows } from "./prompts.js";

/**
 * The sections' titles: the API's are English (spec "Full report"), the English catalogue's, so an
 * English report and the JSON title each section alike.
 */
const TITLES = ENGLISH.m.sections;

/**
 * The full report: the ten sections in the order of docs/decisions.md#report-sections, each
 * computed by the same builders as the focused endpoints over one shared loader, so the numbers
 * are identical.
 */
async function buildReport(l: Loader, now: Date): Promise<FullReport> {
  // First, so the brand's cells and the days' totals come from these reads rather than from
  // second, narrower ones.
  const allCells = l.promptCells();
  const allDaily = l.daily();
  const [
    overview,
    leaderboard,
    categories,
    daily,
    totals,
    competitors,
    prompts,
    urls,
    yourPages,
    cells,
    gaps,
  ] = await Promise.all([
    buildOverview(l),
    buildLeaderboard(l),
    buildCategories(l),
    allDaily,
    l.totals(),
    l.competitors(),
    buildPromptRows(l),
    l.urlSums(),
    buildYourPageRows(l),
    allCells,
    l.promptGaps(),
  ]);
  const categoryDays = await loadCategoryDaily(l.db, l.project.id, l.period);
  const competitorUrls = await l.urlSums({ owner: "competitor", uniquePrompts: true });
  const platforms = platformRows(daily, cells, l.period);
  const latest = await loadLatestAnswers(
    l.db,
    { projectId: l.project.id, maxDay: (await l.meta()).maxDay, platforms: platforms.map((p) => p.platform) },
    l.period,
    REPORT_LIMITS.answers,
  );
  const competitorPages = competitors.map((c) =>
    competitorPageRows(competitorUrls, totals, c.id).map((row) => ({
      ...row,
      competitor_id: c.id,
      competitor_name: c.name,
    })),
  );
  // The KPI's label is the catalogue's, as the section titles are (docs/architecture.md).
  const kpi = (metric: "mention_rate" | "citation_rate" | "share_of_voice") => ({
    metric,
    label: ENGLISH.m.kpis.metrics[metric]!,
    ...overview[metric],
  });
  const sections: ReportSection[] = [
    {
      key: "summary",
      title: TITLES.summary,
      totals: {
        snapshots: metric(totals.current, noComparison(l.period, totals.previous) ? null : totals.previous),
        prompts: prompts.filter((p) => p.snapshots > 0).length,
        platforms: platforms.length,
        competitors: competitors.length,
      },
      rows: [kpi("mention_rate"), kpi("citation_rate"), kpi("share_of_voice")],
    },
    {
      key: "trend",
      title: TITLES.trend,
      totals: { days: overview.trend_series.mention.length },
      rows: dailyTallies(daily.platforms, l.period.current).map(trendDay),
      previous_rows: dailyTallies(daily.platforms, l.period.previous).map(trendDay),
      by_platform: PLATFORMS.flatMap((platform) => {
        const series = seriesOf(
          daily.platforms.filter((r) => r.platform === platform),
          l.period,
        );
        return series.rows.length + series.previous_rows.length === 0 ? [] : [{ platform, ...series }];
      }),
      by_category: categoryTrends(categoryDays, await l.categories(), l.period),
    },
    {
      key: "platforms",
      title: TITLES.platforms,
      totals: { platforms: platforms.length, snapshots: totals.current },
      rows: platforms,
    },
    {
      key: "categories",
      title: TITLES.categories,
      totals: { snapshots: totals.current },
      rows: categories.categories,
    },
    {
      key: "competitors",
      title: TITLES.competitors,
      totals: { total_snapshots: leaderboard.total_snapshots },
      rows: leaderboard.rows,
      your_position: leaderboard.your_position,
    },
    {
      key: "cited_sources",
      title: TITLES.cited_sources,
      type: "domain",
      totals: {
        total_citations: totalCitations(urls),
        sources: sourceCount(urls, "domain"),
        citations_by_owner: citationsByOwner(urls),
      },
      rows: citedSources(urls, "domain", REPORT_LIMITS.citedSources),
    },
    {
      key: "your_pages",
      title: TITLES.your_pages,
      totals: { pages: yourPages.length, citations: yourPages.reduce((n, p) => n + p.citations, 0) },
      rows: yourPages.slice(0, REPORT_LIMITS.yourPages),
    },
    {
      key: "competitor_pages",
      title: TITLES.competitor_pages,
      totals: { pages: competitorPages.reduce((n, rows) => n + rows.length, 0) },
      rows: competitorPages.flatMap((rows) => rows.slice(0, REPORT_LIMITS.competitorPagesEach)),
    },
    {
      key: "prompts",
      title: TITLES.prompts,
      totals: { prompts: prompts.length },
      rows: sortPrompts(prompts, "created_at", "desc", await l.categories()),
      gaps: gapRows(gaps, await l.prompts(), await l.categories(), competitors, cells.current.platforms),
    },
    {
      key: "answers",
      title: TITLES.answers,
      totals: { answers: latest.total, shown: latest.rows.length },
      rows: latest.rows.map((a) => ({
        ...compactAnswer(a),
        prompt_id: a.prompt_id,
        prompt_text: a.prompt_text,
        competitors: competitors.filter((c) => a.mentioned_competitor_ids.includes(c.id)).map((c) => c.name),
      })),
    },
  ];
  const period = reportPeriod(l.period, daysWithSnapshots(daily.platforms, l.period.previous));
  return { range: l.range, period, generated_at: now.toISOString(), sections };
}

/** GET /visibility/report. */
export const getReport: Handler<"getReport"> = (ctx) => buildReport(new Loader(ctx, ctx.query), ctx.now);

/** One day of the trend section: its rates and the counts behind them. */
function trendDay([date, t]: [string, Tally]) {
  const r = ratesOf(t);
  return {
    date,
    snapshots: t.snapshots,
    mention_rate: r.mention,
    citation_rate: r.citation,
    share_of_voice: r.sov,
    mentioned: t.mentioned,
    cited: t.cited,
    competitor_mentions: t.competitorMentions,
  };
}

/** The days of both periods of some rows (one platform's, one category's). */
function seriesOf(rows: readonly DayCounts[], period: Period) {
  return {
    rows: dailyTallies(rows, period.current).map(trendDay),
    previous_rows: dailyTallies(rows, period.previous).map(trendDay),
  };
}

/** Each category's days, in the project's category order, prompts without a category last. */
function categoryTrends(
  rows: readonly CategoryDayRow[],
  categories: readonly CategoryRecord[],
  period: Period,
) {
  const named = [...categories]
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
    .map((c) => ({ category_id: c.id as string | null, name: c.name }));
  // The categories section's name for prompts without one (metrics/categories.ts).
  return [...named, { category_id: null, name: "Uncategorized" }].flatMap((c) => {
    const series = seriesOf(
      rows.filter((r) => r.category_id === c.category_id),
      period,
    );
    return series.rows.length + series.previous_rows.length === 0 ? [] : [{ ...c, ...series }];
  });
}
