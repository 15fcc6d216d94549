import type { Compare } from "../../contract/calendar-periods.js";
import type { RateStats } from "../../contract/index.js";
import { platformName } from "../../format/figures.js";
import type { Lang } from "../../format/i18n/index.js";
import type { DayRun } from "../coverage.js";
import type { Finding } from "../model.js";
import type { Claim } from "./claim.js";

const interval = (lang: Lang, st: RateStats) => lang.m.kpis.interval(st.delta_low, st.delta_high);

/** "A, B, C and 2 more": the first three topics. */
function topicNames(topics: readonly { name: string }[], lang: Lang): string {
  // "and 1 more" would hide a name in the space it takes: four are all named.
  const shown = (topics.length <= 4 ? topics : topics.slice(0, 3)).map((t) => t.name);
  return lang.m.executiveSummary.topics(shown, topics.length - shown.length);
}

/** A rate's change: stated when significant, else "did not change significantly" (the trend chart's alternative text says it too). */
export function sayRateChange(
  lang: Lang,
  label: string,
  current: number,
  previous: number,
  delta: number,
  stats: RateStats,
  versus: Compare = "previous",
): string {
  const e = lang.m.executiveSummary;
  const args = [label, current, previous, delta, interval(lang, stats)] as const;
  const words = lang.m.versus[versus].inThe;
  // The period before is what a reader assumes a change is against; a year earlier is said.
  return stats.significant ? e.moved(...args, versus === "year" ? words : null) : e.steady(...args, words);
}

const upperFirst = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** The claim in the report's language: the words are the catalogue's (docs/i18n.md), the facts the claim's. */
export function say(claim: Claim, lang: Lang): string {
  const e = lang.m.executiveSummary;
  const metric = (key: string) => lang.m.kpis.metrics[key] ?? key;
  switch (claim.kind) {
    case "no-answers":
      return e.noAnswers;
    case "no-comparison":
      return claim.notice;
    case "rate-level":
      return e.rateWas(metric(claim.metric), claim.current);
    case "rate-change":
      return sayRateChange(
        lang,
        metric(claim.metric),
        claim.current,
        claim.previous,
        claim.delta,
        claim.stats,
        claim.versus,
      );
    case "platforms-moved": {
      const moves = claim.moves.map((m) =>
        e.platformMove(platformName(m.platform), m.delta, m.rate, interval(lang, m.stats)),
      );
      return claim.direction === "up" ? e.platformsRose(moves) : e.platformsFell(moves);
    }
    case "category-moved":
      return e.categoryMoved(
        claim.category,
        claim.delta,
        claim.rate,
        interval(lang, claim.stats),
        claim.since ? { label: claim.since.label, date: lang.f.date(claim.since.date) } : null,
      );
    case "competitor-rose":
      return e.competitorRose(claim.competitor, claim.delta, claim.rate, interval(lang, claim.stats));
    case "platforms-flat":
      return e.platformsFlat(claim.platforms.map(platformName));
    case "platform-extremes": {
      const { strongest: s, weakest: w } = claim;
      if (s && w)
        return e.strongestWeakest(platformName(s.platform), s.rate, platformName(w.platform), w.rate);
      if (s) return e.strongestOnly(platformName(s.platform), s.rate, claim.tied);
      return e.weakestOnly(platformName(w!.platform), w!.rate, claim.tied);
    }
    case "sov-leader":
      return claim.you === null
        ? e.youLead(claim.leader.name, claim.leader.sov, claim.mention?.leader ?? null)
        : e.rivalLeads(claim.leader.name, claim.leader.sov, claim.you.name, claim.you.sov, claim.mention);
    case "overtaken": {
      const on = claim.metrics.map(({ metric: key, competitor: c, you }) =>
        e.overtookOn(
          metric(key),
          c.current,
          you.current,
          c.previous,
          you.previous,
          lang.m.versus[claim.versus].inThe,
        ),
      );
      // "Overtook" says the competitor moved: when it rose on none of them, the client fell behind.
      const rose = claim.metrics.some((m) => m.competitor.current > m.competitor.previous);
      return (rose ? e.overtook : e.fellBelow)(claim.competitor, claim.you, on);
    }
    case "gaps": {
      const w = claim.widest;
      const widest = e.widestGap(
        w.prompt_text,
        w.gap_platforms.length,
        w.platforms.length,
        w.gap_answers,
        w.snapshots,
        claim.done === null ? null : { label: claim.done.label, date: lang.f.date(claim.done.date) },
      );
      if (claim.scope === "any") return e.gapsAny(claim.prompts, claim.trackedPrompts, claim.brand, widest);
      if (claim.prompts === 0) return e.gapsWidestOnly(claim.brand, widest);
      return e.gapsMost(claim.prompts, claim.trackedPrompts, claim.brand, widest);
    }
    case "scope":
      return lang.m.summary.volume(claim.prompts, claim.platforms, claim.competitors);
    case "themes": {
      const t = lang.m.themes;
      const focus =
        claim.citations || claim.platform !== null
          ? ` ${t.focusIntro(claim.citations, claim.platform === null ? null : platformName(claim.platform))}`
          : "";
      const done = claim.done.map(
        (d) =>
          ` ${t.doneOpen(d.work.label, lang.f.date(d.work.date), d.kind, d.name, d.prompts, d.answers, d.mentioned, d.gapAnswers, claim.brand)}`,
      );
      return t.intro(claim.brand, claim.themes, claim.prompts, claim.every) + focus + done.join("");
    }
    case "targets":
      return e.targets(
        claim.met,
        claim.total,
        claim.short.map((t) =>
          e.targetShort(
            t.platform === null ? null : platformName(t.platform),
            metric(t.metric),
            t.status as "at_risk" | "off_track" | "no_data",
            t.value,
            t.target,
          ),
        ),
      );
    case "untapped":
      return e.untapped(claim.topics.length, topicNames(claim.topics, lang));
    case "coverage-gaps":
      return e.coverageGaps(
        claim.topics.length,
        topicNames(claim.topics, lang),
        claim.underway.length === claim.topics.length
          ? "all"
          : claim.underway.length > 0
            ? topicNames(claim.underway, lang)
            : null,
      );
    case "topic-own-content":
      return e.topicOwnContent(
        claim.topic.name,
        claim.items,
        claim.cited,
        claim.competitorPages,
        // Whose the pages are, so the total can be found in the content map's rows.
        claim.topic.competitors
          .filter((c) => c.total > 0)
          .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name))
          .map((c) => `${c.name} ${lang.f.count(c.total)}`)
          .join(", "),
      );
    case "target": {
      const t = claim.check;
      // Said alone, the line starts a sentence: the metric's name is lower case inside the summary's.
      return upperFirst(
        e.targetLine(
          t.platform === null ? null : platformName(t.platform),
          metric(t.metric),
          t.status,
          t.value,
          t.target,
        ),
      );
    }
    case "coverage": {
      const runs = (list: readonly DayRun[]) => list.map((r) => e.coverageRange(r.start, r.end));
      const platforms = claim.platforms.map((p) =>
        e.coveragePlatform(
          platformName(p.platform),
          p.missingDays,
          p.partialDays,
          claim.days,
          runs(p.missing),
          runs(p.partial),
        ),
      );
      return e.coverage(platforms, claim.shortfall, claim.answersChange);
    }
    case "weekday-mix": {
      const days = (d: { start: string; end: string }) =>
        [lang.f.weekday(d.start), lang.f.weekday(d.end)] as const;
      return e.weekdayMix(claim.days, days(claim.current), days(claim.previous));
    }
  }
}

/** The claims as the executive summary's sentences, each keeping the claim it says. */
export function sentences(claims: readonly Claim[], lang: Lang): Finding[] {
  return claims.map((claim) => ({ text: say(claim, lang), tone: claim.tone, section: claim.section, claim }));
}
