import type { ContentItem, Platform, Topic } from "../../contract/index.js";
import type { Lang } from "../../format/i18n/index.js";
import { type Comparison, comparisonNotice, comparisonOf } from "../comparison.js";
import type { Coverage } from "../coverage.js";
import type { ApiSections, ContentMapModel, ContentModel, ReportModel } from "../model.js";
import type { TargetCheck } from "../targets.js";
import type { Claim, HeadlineMetric, Overtaking, PlatformMove } from "./claim.js";

/**
 * The executive summary's claims, by explicit rules over the model's numbers (no language model;
 * docs/claims.md). A change is claimed only when it is significant (its 95 % interval excludes
 * 0); a tie is never strongest or weakest; a count true of every row is replaced by one that
 * tells rows apart; a topic is not called untapped where the client has published on it; a
 * competitor that overtook the client on a headline metric is always named.
 */
export function buildClaims(
  model: Pick<ReportModel, "sections" | "contentMap" | "content" | "cover" | "targets" | "coverage">,
  lang: Lang,
): Claim[] {
  const out: Claim[] = [];
  if (model.sections.ok)
    out.push(
      ...visibilityClaims(model.sections.value, model.cover.brand, comparisonOf(model.cover.period), lang),
    );
  // Right after the headline rates: it explains the answers count beside them (docs/claims.md, "Data coverage").
  const coverage = model.sections.ok ? coverageClaim(model.coverage, model.sections.value) : null;
  if (coverage)
    out.splice(
      out.findIndex((c) => !c.kind.startsWith("rate-") && c.kind !== "no-comparison") >>> 0,
      0,
      coverage,
    );
  // The targets follow the headline rates they are set on.
  const targets = model.targets.ok ? targetsClaim(model.targets.value) : null;
  if (targets) {
    const after = out.findIndex((c) => c.section !== "summary");
    out.splice(after === -1 ? out.length : after, 0, targets);
  }
  if (model.contentMap.ok) {
    const cited = model.sections.ok ? model.sections.value.your_pages.rows.map((r) => r.url) : [];
    out.push(
      ...contentMapClaims(model.contentMap.value, model.content.ok ? model.content.value : null, cited),
    );
  }
  return out;
}

/** The platforms that collected less than the others, when any did (docs/claims.md, "Data coverage"). */
function coverageClaim(coverage: Coverage, s: ApiSections): Claim | null {
  if (coverage.short.length === 0) return null;
  const answers = s.summary.totals.snapshots;
  return {
    kind: "coverage",
    days: coverage.days,
    platforms: coverage.short,
    shortfall: coverage.short.reduce((n, p) => n + p.shortfall, 0),
    answersChange: answers.delta,
    section: "summary",
    // Missing data is neither good nor bad news for the client: it is said, not coloured.
    tone: "neutral",
    subjects: coverage.short.map((p) => p.platform),
    rows: coverage.short.map((p) => `trend/${p.platform}`),
  };
}

/** Each target on its own, for the agency's page: met a win, off track or at risk a risk, no data neither. */
export function targetClaims(checks: readonly TargetCheck[]): Claim[] {
  return checks.map((check) => ({
    kind: "target",
    check,
    section: "summary",
    tone: check.status === "on_track" ? "positive" : check.status === "no_data" ? "neutral" : "negative",
    subjects: check.platform !== null ? [check.platform] : [],
    rows: [`targets/${check.platform ?? "all"}/${check.metric}`],
  }));
}

/**
 * The claims section intros say (docs/claims.md, "Section intros"): what the key figures rest on,
 * and how the opportunities fall into themes. Not in the executive summary.
 */
export function introClaims(
  model: Pick<ReportModel, "sections" | "themes" | "opportunities" | "cover">,
): Claim[] {
  const out: Claim[] = [];
  if (model.sections.ok) {
    const t = model.sections.value.summary.totals;
    out.push({
      kind: "scope",
      prompts: t.prompts,
      platforms: t.platforms,
      competitors: t.competitors,
      section: "summary",
      tone: "neutral",
      subjects: [],
      rows: ["summary/totals"],
    });
  }
  const themes = model.themes.ok ? model.themes.value : [];
  const prompts = model.opportunities.ok ? model.opportunities.value.length : 0;
  if (themes.length > 0) {
    const focus = themes.filter((x) => x.kind === "citations" || x.kind === "platform");
    const platform = focus.find((x) => x.kind === "platform")?.name ?? null;
    out.push({
      kind: "themes",
      brand: model.cover.brand,
      prompts,
      themes: themes.length - focus.length,
      citations: focus.some((x) => x.kind === "citations"),
      // A platform theme's name is its platform (opportunity-themes.ts).
      platform: platform as Platform | null,
      section: "opportunities",
      tone: "neutral",
      subjects: [model.cover.brand],
      rows: themes.map((x) => `opportunities/${x.key}`),
    });
  }
  return out;
}

/** How many targets are on track, and each one that is not; none without targets. */
function targetsClaim(checks: readonly TargetCheck[]): Claim | null {
  if (checks.length === 0) return null;
  const short = checks.filter((c) => c.status !== "on_track");
  const off = short.some((c) => c.status === "off_track");
  return {
    kind: "targets",
    met: checks.length - short.length,
    total: checks.length,
    short,
    section: "summary",
    tone: off ? "negative" : short.length === 0 ? "positive" : "neutral",
    subjects: short.flatMap((c) => (c.platform !== null ? [c.platform] : [])),
    rows: checks.map((c) => `targets/${c.platform ?? "all"}/${c.metric}`),
  };
}

/** Rates closer than this are equal (floating-point noise of current − delta). */
const TIE = 1e-9;

const HEADLINE: readonly HeadlineMetric[] = ["mention_rate", "citation_rate", "share_of_voice"];

/** The rate of a leaderboard row for a headline metric, now and in the previous period. */
function rateOf(row: ApiSections["competitors"]["rows"][number], metric: HeadlineMetric) {
  const [current, delta] =
    metric === "mention_rate"
      ? [row.mention_rate, row.mention_delta]
      : metric === "citation_rate"
        ? [row.citation_rate, row.citation_delta]
        : [row.sov, row.sov_delta];
  return { name: row.name, current, previous: current - delta };
}

function visibilityClaims(s: ApiSections, brand: string, comparison: Comparison, lang: Lang): Claim[] {
  const out: Claim[] = [];
  const you = [brand];
  if (s.summary.totals.snapshots.current === 0)
    return [{ kind: "no-answers", section: "summary", tone: "neutral", subjects: you, rows: ["summary"] }];
  // Without a fully covered comparison period no claim may be a change (docs/decisions.md#period).
  const notice = comparisonNotice(comparison, lang);
  const compared = notice === undefined;
  if (notice !== undefined)
    out.push({ kind: "no-comparison", notice, section: "summary", tone: "neutral", subjects: [], rows: [] });
  for (const kpi of s.summary.rows) {
    const rows = [`summary/${kpi.metric}`];
    if (!compared || kpi.previous === null || kpi.delta === null)
      out.push({
        kind: "rate-level",
        metric: kpi.metric,
        current: kpi.current,
        section: "summary",
        tone: "neutral",
        subjects: you,
        rows,
      });
    else
      out.push({
        kind: "rate-change",
        metric: kpi.metric,
        current: kpi.current,
        previous: kpi.previous,
        delta: kpi.delta,
        stats: kpi.stats,
        section: "summary",
        tone: !kpi.stats.significant ? "neutral" : kpi.delta > 0 ? "positive" : "negative",
        subjects: you,
        rows,
      });
  }

  const platforms = s.platforms.rows.filter((p) => p.snapshots > 0);
  if (compared) out.push(...platformMoves(platforms));
  if (platforms.length >= 2) {
    const extremes = platformExtremes(platforms);
    if (extremes.strongest || extremes.weakest)
      out.push({
        kind: "platform-extremes",
        ...extremes,
        section: "platforms",
        tone: "neutral",
        subjects: [extremes.strongest, extremes.weakest].flatMap((e) => (e ? [e.platform] : [])),
        rows: platforms.map((p) => `platforms/${p.platform}`),
      });
  }

  out.push(...competitorClaims(s, brand, compared));

  // From every prompt's answers (the service's gaps), not only the latest ones the report lists.
  const gaps = s.prompts.gaps;
  const widest = gaps[0];
  if (widest) {
    const tracked = s.summary.totals.prompts;
    const everyPrompt = gaps.length >= tracked;
    const most = gaps.filter((g) => g.gap_answers * 2 > g.snapshots).length;
    out.push({
      kind: "gaps",
      scope: everyPrompt ? "most" : "any",
      prompts: everyPrompt ? most : gaps.length,
      trackedPrompts: tracked,
      brand,
      widest,
      section: "opportunities",
      tone: "negative",
      subjects: [brand, widest.prompt_text],
      rows: [`prompts/${widest.prompt_id}`],
    });
  }
  return out;
}

/** The significant rises, the significant falls, and the platforms without a significant change. */
function platformMoves(rows: ApiSections["platforms"]["rows"]): Claim[] {
  const out: Claim[] = [];
  const move = (p: (typeof rows)[number]): PlatformMove => ({
    platform: p.platform,
    delta: p.mention_delta,
    rate: p.mention_rate,
    stats: p.mention_stats,
  });
  for (const direction of ["up", "down"] as const) {
    const moved = rows.filter(
      (p) => p.mention_stats.significant && p.mention_delta > 0 === (direction === "up"),
    );
    if (moved.length > 0)
      out.push({
        kind: "platforms-moved",
        direction,
        moves: moved.map(move),
        section: "platforms",
        tone: direction === "up" ? "positive" : "negative",
        subjects: moved.map((p) => p.platform),
        rows: moved.map((p) => `platforms/${p.platform}`),
      });
  }
  const flat = rows.filter((p) => !p.mention_stats.significant);
  if (flat.length > 0)
    out.push({
      kind: "platforms-flat",
      platforms: flat.map((p) => p.platform),
      section: "platforms",
      tone: "neutral",
      subjects: flat.map((p) => p.platform),
      rows: flat.map((p) => `platforms/${p.platform}`),
    });
  return out;
}

/** The highest and lowest mention rate, each only when one platform alone holds it. */
/** The platform the summary calls weakest: alone the lowest, among at least two that answered. */
export function weakestPlatform(s: ApiSections): { platform: PlatformMove["platform"]; rate: number } | null {
  const platforms = s.platforms.rows.filter((p) => p.snapshots > 0);
  return platforms.length >= 2 ? platformExtremes(platforms).weakest : null;
}

export function platformExtremes(rows: readonly { platform: string; mention_rate: number }[]) {
  const only = (pick: (a: number, b: number) => number) => {
    const value = rows.map((r) => r.mention_rate).reduce((a, b) => pick(a, b));
    const holders = rows.filter((r) => r.mention_rate === value);
    const one = holders.length === 1 ? holders[0] : undefined;
    return one ? { platform: one.platform as PlatformMove["platform"], rate: one.mention_rate } : null;
  };
  return { strongest: only(Math.max), weakest: only(Math.min) };
}

/** Who leads share of voice, and every competitor that overtook the client on a headline metric. */
function competitorClaims(s: ApiSections, brand: string, compared: boolean): Claim[] {
  const out: Claim[] = [];
  const rows = s.competitors.rows;
  const leader = [...rows].sort((a, b) => b.sov - a.sov)[0];
  const mine = rows.find((r) => r.is_you);
  if (leader) {
    const tied = rows.filter((r) => r.sov === leader.sov).length > 1;
    if (!tied)
      out.push({
        kind: "sov-leader",
        leader: { name: leader.is_you ? brand : leader.name, sov: leader.sov },
        you: leader.is_you ? null : { name: brand, sov: s.competitors.your_position.sov.value },
        section: "competitors",
        tone: leader.is_you ? "positive" : "negative",
        subjects: leader.is_you ? [brand] : [leader.name, brand],
        rows: [`competitors/${leader.name}`],
      });
  }
  if (!compared || !mine) return out;
  for (const row of rows) {
    if (row.is_you) continue;
    const metrics: Overtaking[] = HEADLINE.flatMap((metric) => {
      const you = { ...rateOf(mine, metric), name: brand };
      const them = rateOf(row, metric);
      // Previous rates are current − delta: compared with a tolerance, so a tie stays a tie.
      const ahead = them.current > you.current + TIE && them.previous <= you.previous + TIE;
      return ahead ? [{ metric, competitor: them, you }] : [];
    });
    if (metrics.length === 0) continue;
    // The overtaking says more than "leads": it replaces the leader's claim about the same rival.
    if (metrics.some((m) => m.metric === "share_of_voice"))
      out.splice(
        0,
        out.length,
        ...out.filter((c) => !(c.kind === "sov-leader" && c.leader.name === row.name)),
      );
    out.push({
      kind: "overtaken",
      competitor: row.name,
      you: brand,
      metrics,
      section: "competitors",
      tone: "negative",
      subjects: [row.name, brand],
      rows: [`competitors/${row.name}`, `competitors/${mine.name}`],
    });
  }
  return out;
}

/** True when a content item is about `topic`: its keywords or its title name the topic. */
export function isAbout(item: ContentItem, topic: Topic): boolean {
  const name = topic.name.toLocaleLowerCase();
  return (
    item.keywords.some((k) => k.toLocaleLowerCase() === name) || item.title.toLocaleLowerCase().includes(name)
  );
}

/** The client's published items about `topic`. */
export function publishedOn(content: ContentModel | null, topic: Topic): ContentItem[] {
  if (!content) return [];
  return content.views.PRODUCED.filter((i) => i.status === "PUBLISHED" && isAbout(i, topic));
}

/** A URL as pages are compared: no scheme, no `www.`, no trailing slash, lower case. */
const pageKey = (url: string) =>
  url
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, "")
    .replace(/^www\./, "")
    .replace(/\/+$/, "");

/**
 * The content map's flags as claims. An untapped topic ("you have no page") on which the client
 * has published is not called untapped: what exists is said instead, and whether answers cite it
 * yet. A coverage gap stays one (it compares page counts, which one more article does not settle).
 */
function contentMapClaims(
  m: ContentMapModel,
  content: ContentModel | null,
  citedUrls: readonly string[],
): Claim[] {
  const out: Claim[] = [];
  const section = "content_map" as const;
  const cited = new Set(citedUrls.map(pageKey));
  const theirs = (t: Topic) => t.competitors.reduce((n, c) => n + c.total, 0);
  const own = new Map(m.untapped.map((t) => [t.id, publishedOn(content, t)]));
  const untapped = m.untapped.filter((t) => (own.get(t.id)?.length ?? 0) === 0);
  if (untapped.length > 0)
    out.push({
      kind: "untapped",
      topics: untapped,
      section,
      tone: "negative",
      subjects: untapped.map((t) => t.name),
      rows: untapped.map((t) => `content_map/${t.name}`),
    });
  if (m.gaps.length > 0)
    out.push({
      kind: "coverage-gaps",
      topics: m.gaps,
      section,
      tone: "negative",
      subjects: m.gaps.map((t) => t.name),
      rows: m.gaps.map((t) => `content_map/${t.name}`),
    });
  for (const topic of m.untapped) {
    const items = own.get(topic.id) ?? [];
    if (items.length === 0) continue;
    out.push({
      kind: "topic-own-content",
      topic,
      items: items.length,
      cited: items.filter((i) => i.post_url !== null && cited.has(pageKey(i.post_url))).length,
      competitorPages: theirs(topic),
      section,
      tone: "neutral",
      subjects: [topic.name],
      rows: [`content_map/${topic.name}`, ...items.map((i) => `content/${i.id}`)],
    });
  }
  return out;
}
