import type { ChangeEntry } from "../../config/changes-file.js";
import type { Compare } from "../../contract/calendar-periods.js";
import { isoWeekday, lengthOf, type Platform, type PromptGap } from "../../contract/index.js";
import type { Lang } from "../../format/i18n/index.js";
import { type Comparison, comparisonNotice, comparisonOf } from "../comparison.js";
import type { Coverage } from "../coverage.js";
import type { ApiSections, ReportModel } from "../model.js";
import type { Claim, DoneTheme, DoneWork } from "./claim.js";
import { competitorClaims } from "./competitor-claims.js";
import { contentMapClaims } from "./content-claims.js";
import { publishedFor } from "./done-work.js";
import { platformExtremes, platformMoves, tiedAtUnnamedEnd } from "./platform-claims.js";
import { targetsClaim } from "./target-claims.js";

/**
 * The executive summary's claims, by explicit rules over the model's numbers (no language model;
 * docs/claims.md). A change is claimed only when it is significant (its 95 % interval excludes
 * 0); a tie is never strongest or weakest; a count true of every row is replaced by one that
 * tells rows apart; a topic is not called untapped where the client has published on it; a
 * competitor that overtook the client on a headline metric is always named.
 */
export function buildClaims(
  model: Pick<
    ReportModel,
    "sections" | "contentMap" | "content" | "cover" | "targets" | "coverage" | "opportunities" | "changes"
  >,
  lang: Lang,
): Claim[] {
  const out: Claim[] = [];
  // A gap prompt's action already done, as its opportunity says (docs/claims.md, "Work already done").
  const opportunities = model.opportunities.ok ? model.opportunities.value : [];
  const workOf = (entry: ChangeEntry | null | undefined): DoneWork | null =>
    entry ? { label: entry.label, date: entry.date } : null;
  const doneFor = (promptId: string) =>
    workOf(opportunities.find((o) => o.prompt_id === promptId)?.done?.entry);
  // The pages the change log says went live on a category (docs/claims.md, "Work already done").
  const publishedOn = (category: string) => workOf(publishedFor(model.changes, category));
  if (model.sections.ok)
    out.push(
      ...visibilityClaims(
        model.sections.value,
        model.cover.brand,
        comparisonOf(model.cover.period),
        lang,
        { doneFor, publishedOn },
        model.cover.period?.compare ?? "previous",
      ),
    );
  // Right after the headline rates: it explains the answers count beside them (docs/claims.md, "Data coverage").
  const coverage = model.sections.ok ? coverageClaim(model.coverage, model.sections.value) : null;
  if (coverage)
    out.splice(
      out.findIndex((c) => !c.kind.startsWith("rate-") && c.kind !== "no-comparison") >>> 0,
      0,
      coverage,
    );
  const weekdays = weekdayClaim(model.cover.period);
  // First: it is how every change after it is to be read.
  if (weekdays) out.unshift(weekdays);
  // The targets follow the headline rates they are set on.
  const targets = model.targets.ok ? targetsClaim(model.targets.value) : null;
  if (targets) {
    const after = out.findIndex((c) => c.section !== "summary");
    out.splice(after === -1 ? out.length : after, 0, targets);
  }
  if (model.contentMap.ok) {
    const cited = model.sections.ok ? model.sections.value.your_pages.rows.map((r) => r.url) : [];
    out.push(
      ...contentMapClaims(
        model.contentMap.value,
        model.content.ok ? model.content.value : null,
        cited,
        model.cover.period?.end ?? null,
      ),
    );
  }
  return out;
}

/**
 * A period shorter than a week whose days fall on other weekdays than the days it is compared
 * with, when changes are compared at all (docs/claims.md, "Weekdays compared"). A week or more
 * holds every weekday on both sides, or nearly.
 */
function weekdayClaim(period: ReportModel["cover"]["period"]): Claim | null {
  if (!period || comparisonOf(period).kind !== "full") return null;
  const days = lengthOf(period);
  if (days >= 7 || days !== lengthOf({ start: period.previous_start, end: period.previous_end })) return null;
  if (isoWeekday(period.start) === isoWeekday(period.previous_start)) return null;
  return {
    kind: "weekday-mix",
    days,
    current: { start: period.start, end: period.end },
    previous: { start: period.previous_start, end: period.previous_end },
    section: "summary",
    tone: "neutral",
    subjects: [],
    rows: ["trend"],
  };
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

/** A prompt most of whose answers name a competitor and not the client (docs/claims.md). */
const mostlyGap = (g: PromptGap): boolean => g.gap_answers * 2 > g.snapshots;

/**
 * The category whose mention rate changed most, when that change is significant and larger than
 * every platform's (docs/claims.md, "Categories"): the period's largest move is then a category's,
 * which the platforms' claims do not show. One, not a list: the summary stays a summary; the
 * table has the rest.
 */
function categoryMove(
  rows: ApiSections["categories"]["rows"],
  platforms: ApiSections["platforms"]["rows"],
  publishedOn: (category: string) => DoneWork | null,
): Claim[] {
  const platformMost = Math.max(
    0,
    ...platforms.filter((p) => p.mention_stats.significant).map((p) => Math.abs(p.mention_delta)),
  );
  const moved = rows
    .filter((c) => c.id !== null && c.snapshots > 0 && c.mention_stats.significant)
    .sort(
      (a, b) => Math.abs(b.mention_delta) - Math.abs(a.mention_delta) || a.name.localeCompare(b.name, "en"),
    );
  const top = moved[0];
  if (!top || Math.abs(top.mention_delta) <= platformMost) return [];
  return [
    {
      kind: "category-moved",
      category: top.name,
      delta: top.mention_delta,
      rate: top.mention_rate,
      stats: top.mention_stats,
      since: publishedOn(top.name),
      section: "categories",
      tone: top.mention_delta > 0 ? "positive" : "negative",
      subjects: [top.name],
      rows: [`categories/${top.id}`],
    },
  ];
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
  const tracked = model.sections.ok ? model.sections.value.summary.totals.prompts : null;
  const every =
    model.sections.ok && tracked !== null && tracked > 1 && prompts === tracked
      ? { tracked, mostly: model.sections.value.prompts.gaps.filter(mostlyGap).length }
      : null;
  if (themes.length > 0) {
    const focus = themes.filter((x) => x.kind === "citations" || x.kind === "platform");
    const platform = focus.find((x) => x.kind === "platform")?.name ?? null;
    out.push({
      kind: "themes",
      brand: model.cover.brand,
      prompts,
      every,
      themes: themes.length - focus.length,
      citations: focus.some((x) => x.kind === "citations"),
      // A platform theme's name is its platform (opportunity-themes.ts).
      platform: platform as Platform | null,
      done: themes.flatMap((x): DoneTheme[] =>
        x.done !== null && x.gapAnswers > 0 && (x.kind === "competitor" || x.kind === "category")
          ? [
              {
                work: { label: x.done.entry.label, date: x.done.entry.date },
                kind: x.kind,
                name: x.name!,
                prompts: x.prompts.length,
                answers: x.snapshots,
                mentioned: x.prompts.reduce((n, p) => n + p.mentioned, 0),
                gapAnswers: x.gapAnswers,
              },
            ]
          : [],
      ),
      section: "opportunities",
      tone: "neutral",
      subjects: [model.cover.brand],
      rows: themes.map((x) => `opportunities/${x.key}`),
    });
  }
  return out;
}

function visibilityClaims(
  s: ApiSections,
  brand: string,
  comparison: Comparison,
  lang: Lang,
  done: {
    doneFor: (promptId: string) => DoneWork | null;
    publishedOn: (category: string) => DoneWork | null;
  },
  versus: Compare,
): Claim[] {
  const { doneFor, publishedOn } = done;
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
        versus,
        section: "summary",
        tone: !kpi.stats.significant ? "neutral" : kpi.delta > 0 ? "positive" : "negative",
        subjects: you,
        rows,
      });
  }

  const platforms = s.platforms.rows.filter((p) => p.snapshots > 0);
  if (compared)
    out.push(...platformMoves(platforms), ...categoryMove(s.categories.rows, platforms, publishedOn));
  if (platforms.length >= 2) {
    const { strongest, weakest, holders } = platformExtremes(platforms);
    if (strongest || weakest)
      out.push({
        kind: "platform-extremes",
        strongest,
        weakest,
        tied: tiedAtUnnamedEnd({ strongest, weakest }, holders),
        section: "platforms",
        tone: "neutral",
        subjects: [strongest, weakest].flatMap((e) => (e ? [e.platform] : [])),
        rows: platforms.map((p) => `platforms/${p.platform}`),
      });
  }

  out.push(...competitorClaims(s, brand, compared, versus));

  // From every prompt's answers (the service's gaps), not only the latest ones the report lists.
  const gaps = s.prompts.gaps;
  const widest = gaps[0];
  if (widest) {
    const tracked = s.summary.totals.prompts;
    const everyPrompt = gaps.length >= tracked;
    const most = gaps.filter(mostlyGap).length;
    out.push({
      kind: "gaps",
      scope: everyPrompt ? "most" : "any",
      prompts: everyPrompt ? most : gaps.length,
      trackedPrompts: tracked,
      brand,
      widest,
      done: doneFor(widest.prompt_id),
      section: "opportunities",
      tone: "negative",
      subjects: [brand, widest.prompt_text],
      rows: [`prompts/${widest.prompt_id}`],
    });
  }
  return out;
}
