import { InvariantError, type RangeEcho } from "../../../contract/index.js";
import { ApiError } from "../../http/api-error.js";
import type { ProjectRef, RequestContext } from "../../http/handler.js";
import { getOrSet } from "../_map.js";
import type { EntityMoments } from "../metrics/interval.js";
import type { CompetitorCounts, CompetitorRef } from "../metrics/leaderboard.js";
import type { SnapshotTotals, UrlSums } from "../metrics/pages.js";
import type { CategoryRecord, PromptRecord, PromptSums } from "../metrics/prompt-rows.js";
import {
  brandMoments,
  categoryMoments,
  competitorMoments,
  type EntityStats,
  statsOf,
  unnamedMoments,
} from "../metrics/rate-stats.js";
import { type DailyRows, type DayCounts, dayTotalsOf, inRange } from "../metrics/tally.js";
import { type Period, PeriodParamError, type PeriodQuery, resolvePeriod } from "../period.js";
import { loadCompetitorCounts, loadDaily, loadDayTotals } from "../queries/daily.js";
import { type AggMeta, type Db, loadMeta } from "../queries/meta.js";
import { type BrandCells, brandCellsOf, type PromptCells, promptCellsOf } from "../queries/prompt-cells.js";
import { loadPlatformCum, loadPromptCum, type PromptCum } from "../queries/prompt-cum.js";
import { type GapCounts, loadPromptGaps } from "../queries/prompt-gaps.js";
import { promptSumsOf } from "../queries/prompt-sums.js";
import { loadBrandMoments, loadCategoryMoments, loadCompetitorMoments } from "../queries/rate-moments.js";
import { loadCategories, loadCompetitors, loadPrompts } from "../queries/setup.js";
import { loadUrlSums, type UrlFilter } from "../queries/url-sums.js";

/**
 * One request's analytics inputs, each loaded at most once. The full report shares one loader
 * across its sections, so every section is computed from the very rows the focused endpoints use.
 */
export class Loader {
  readonly db: Db;
  readonly project: ProjectRef;
  readonly period: Period;
  readonly range: RangeEcho;
  private readonly memo = new Map<string, Promise<unknown>>();

  constructor(ctx: Pick<RequestContext, "store" | "project" | "workspace" | "now">, query: PeriodQuery) {
    // The router resolves the project of every analytics route before its handler runs.
    if (!ctx.project) throw new InvariantError("analytics handlers need a resolved project");
    this.db = ctx.store.db;
    this.project = ctx.project;
    try {
      this.period = resolvePeriod(query, ctx.workspace.timezone, ctx.now);
    } catch (e) {
      // Only the workspace timezone tells whether `end` is after the as-of day: a 422 like any bad parameter.
      if (e instanceof PeriodParamError) throw ApiError.validation({ [e.param]: [e.message] });
      throw e;
    }
    this.range = this.period.range;
  }

  private once<T>(key: string, load: () => Promise<T>): Promise<T> {
    return getOrSet(this.memo, key, load) as Promise<T>;
  }

  /** Aggregate span (refreshing a never-aggregated project once). */
  meta(): Promise<AggMeta> {
    return this.once("meta", () => loadMeta(this.db, this.project.id));
  }

  /** Daily brand/competitor rows of both periods. */
  daily(): Promise<DailyRows> {
    return this.once("daily", async () => {
      await this.meta();
      return loadDaily(this.db, this.project.id, this.period);
    });
  }

  /**
   * Each day's counts over all platforms: from the daily rows when this request has read them
   * (the report), else summed in the database (the overview, the leaderboard).
   */
  dayTotals(): Promise<DayCounts[]> {
    return this.once("dayTotals", async () => {
      if (this.memo.has("daily")) return dayTotalsOf((await this.daily()).platforms);
      await this.meta();
      return loadDayTotals(this.db, this.project.id, this.period);
    });
  }

  /** All snapshots of the project in each period. */
  async totals(): Promise<SnapshotTotals> {
    const d = await this.daily();
    const sum = (keep: (day: string) => boolean) =>
      d.platforms.reduce((n, r) => n + (keep(r.day) ? r.snapshots : 0), 0);
    return {
      current: sum((day) => inRange(day, this.period.current)),
      previous: sum((day) => inRange(day, this.period.previous)),
    };
  }

  /** Every competitor's mentions and citations per period. */
  competitorCounts(): Promise<Map<string, CompetitorCounts>> {
    return this.once("competitorCounts", async () => {
      await this.meta();
      return loadCompetitorCounts(this.db, this.project.id, this.period);
    });
  }

  /** Tracked competitors by name. */
  competitors(): Promise<CompetitorRef[]> {
    return this.once("competitors", () => loadCompetitors(this.db, this.project.id));
  }

  /** The project's prompts. */
  prompts(): Promise<PromptRecord[]> {
    return this.once("prompts", () => loadPrompts(this.db, this.project.id));
  }

  /** The project's categories. */
  categories(): Promise<CategoryRecord[]> {
    return this.once("categories", () => loadCategories(this.db, this.project.id));
  }

  /** Per-prompt counts of both periods. */
  promptSums(): Promise<Map<string, PromptSums>> {
    return this.once("promptSums", async () => promptSumsOf(await this.promptCum()));
  }

  /** Per-prompt counts per platform and competitor of both periods (the intervals' clusters). */
  promptCells(): Promise<PromptCells> {
    return this.once("promptCells", async () => promptCellsOf(await this.meta(), await this.promptCum()));
  }

  /**
   * The brand's cells only: from the full read when this request has made it (the report asks
   * for it first), else from the platform arrays alone, the overview's whole need.
   */
  brandCells(): Promise<BrandCells> {
    if (this.memo.has("promptCells")) return this.promptCells();
    return this.once("brandCells", async () => {
      const meta = await this.meta();
      return brandCellsOf(meta, await loadPlatformCum(this.db, this.project.id, meta, this.period));
    });
  }

  /** Whether this request has read the prompts' cells (the report asks for them first). */
  private get hasCells(): boolean {
    return this.memo.has("promptCells") || this.memo.has("brandCells");
  }

  /**
   * The brand's overall rate sums: from the cells when this request has read them (the report),
   * else summed in the database (the overview), which gives the same numbers to the bit
   * (queries/rate-moments.ts). The same holds for the categories' and competitors' sums below.
   */
  brandMoments(): Promise<EntityMoments> {
    return this.once("brandMoments", async () =>
      this.hasCells
        ? brandMoments(await this.brandCells())
        : loadBrandMoments(this.db, this.project.id, await this.meta(), this.period),
    );
  }

  /** The brand's overall interval stats. */
  async brandStats(): Promise<EntityStats> {
    return statsOf(await this.brandMoments());
  }

  /** The brand's rate sums per category id (null: Uncategorized). */
  categoryMoments(): Promise<Map<string | null, EntityMoments>> {
    return this.once("categoryMoments", async () => {
      if (!this.hasCells)
        return loadCategoryMoments(this.db, this.project.id, await this.meta(), this.period);
      const [prompts, categories, cells] = await Promise.all([
        this.prompts(),
        this.categories(),
        this.brandCells(),
      ]);
      const known = new Set(categories.map((c) => c.id));
      const categoryOf = new Map(
        prompts.map((p) => [p.id, p.category_id !== null && known.has(p.category_id) ? p.category_id : null]),
      );
      return categoryMoments(cells, (id) => categoryOf.get(id) ?? null);
    });
  }

  /** Each competitor's interval stats by id (a competitor never named: zero numerators). */
  competitorStats(): Promise<(competitorId: string) => EntityStats> {
    return this.once("competitorStats", async () => {
      const [moments, brand] = await Promise.all([
        this.hasCells
          ? this.promptCells().then(competitorMoments)
          : this.meta().then((meta) => loadCompetitorMoments(this.db, this.project.id, meta, this.period)),
        this.brandMoments(),
      ]);
      return (id: string) => statsOf(moments.get(id) ?? unnamedMoments(brand));
    });
  }

  /** The prompts' running totals at the periods' boundary days: one read for sums and cells. */
  private promptCum(): Promise<PromptCum> {
    return this.once("promptCum", async () =>
      loadPromptCum(this.db, this.project.id, await this.meta(), this.period),
    );
  }

  /** Per-prompt gap answers of the current period (docs/metrics.md, "Opportunities"). */
  promptGaps(): Promise<Map<string, GapCounts>> {
    return this.once("promptGaps", async () =>
      loadPromptGaps(this.db, this.project.id, await this.meta(), this.period, await this.promptCum()),
    );
  }

  /** Per-URL citations (and distinct prompts when asked) of both periods. */
  urlSums(filter: UrlFilter = {}): Promise<UrlSums[]> {
    return this.once(`urls:${JSON.stringify(filter)}`, async () =>
      loadUrlSums(this.db, this.project.id, await this.meta(), this.period, filter),
    );
  }
}
