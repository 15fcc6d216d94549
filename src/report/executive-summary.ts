import type { RateStats } from "../contract/index.js";
import { platformName } from "../format/figures.js";
import type { Lang } from "../format/i18n/index.js";
import { type Comparison, comparisonNotice, comparisonOf } from "./comparison.js";
import type { ApiSections, ContentMapModel, Finding, ReportModel } from "./model.js";

/**
 * The executive summary, computed by explicit rules from the model's numbers (no language
 * model): each sentence quotes the figures it rests on, so a reader can trace it in the report.
 * A change is stated only when it is significant (its 95 % interval excludes 0, docs/metrics.md
 * "Intervals and significance"); a headline rate that did not move significantly is said so.
 * The sentences are the catalogue's (docs/i18n.md), in the report's language.
 */
export function findings(model: ReportModel, lang: Lang): Finding[] {
  const out: Finding[] = [];
  if (model.sections.ok)
    out.push(
      ...visibilityFindings(model.sections.value, model.cover.brand, comparisonOf(model.cover.period), lang),
    );
  if (model.contentMap.ok) out.push(...contentMapFindings(model.contentMap.value, lang));
  return out;
}

/** A finding before it is placed in the section whose figures it quotes. */
export type Sentence = Omit<Finding, "section">;

const interval = (lang: Lang, st: RateStats) => lang.m.kpis.interval(st.delta_low, st.delta_high);

/** A headline rate's change: stated when significant, else "did not change significantly" (the trend chart's alternative text says it too). */
export function movement(
  lang: Lang,
  label: string,
  current: number,
  previous: number,
  delta: number,
  st: RateStats,
): Sentence {
  const e = lang.m.executiveSummary;
  if (!st.significant)
    return { text: e.steady(label, current, previous, delta, interval(lang, st)), tone: "neutral" };
  return {
    text: e.moved(label, current, previous, delta, interval(lang, st)),
    tone: delta > 0 ? "positive" : "negative",
  };
}

/** Per-platform mention-rate changes: the significant rises, the significant falls, the rest. */
function platformMovements(rows: ApiSections["platforms"]["rows"], lang: Lang): Sentence[] {
  const e = lang.m.executiveSummary;
  const out: Sentence[] = [];
  const moved = (up: boolean) =>
    rows.filter((p) => p.mention_stats.significant && p.mention_delta > 0 === up);
  const say = (p: (typeof rows)[number]) =>
    e.platformMove(
      platformName(p.platform),
      p.mention_delta,
      p.mention_rate,
      interval(lang, p.mention_stats),
    );
  const rises = moved(true);
  const falls = moved(false);
  if (rises.length > 0) out.push({ text: e.platformsRose(rises.map(say)), tone: "positive" });
  if (falls.length > 0) out.push({ text: e.platformsFell(falls.map(say)), tone: "negative" });
  const flat = rows.filter((p) => !p.mention_stats.significant);
  if (flat.length > 0)
    out.push({ text: e.platformsFlat(flat.map((p) => platformName(p.platform))), tone: "neutral" });
  return out;
}

function visibilityFindings(s: ApiSections, brand: string, comparison: Comparison, lang: Lang): Finding[] {
  const e = lang.m.executiveSummary;
  const out: Finding[] = [];
  const add =
    (section: Finding["section"]) =>
    (...sentences: Sentence[]) =>
      out.push(...sentences.map((f) => ({ ...f, section })));
  // Without a fully covered comparison period no sentence may claim a change (docs/decisions.md#period).
  const notice = comparisonNotice(comparison, lang);
  if (s.summary.totals.snapshots.current === 0)
    return [{ text: e.noAnswers, tone: "neutral", section: "summary" }];
  if (notice !== undefined) add("summary")({ text: notice, tone: "neutral" });
  for (const kpi of s.summary.rows) {
    // The API's label is English; the catalogue names the metric in the report's language.
    const label = lang.m.kpis.metrics[kpi.metric] ?? kpi.label;
    add("summary")(
      notice !== undefined || kpi.previous === null || kpi.delta === null
        ? { text: e.rateWas(label, kpi.current), tone: "neutral" }
        : movement(lang, label, kpi.current, kpi.previous, kpi.delta, kpi.stats),
    );
  }
  const platforms = s.platforms.rows.filter((p) => p.snapshots > 0);
  if (notice === undefined) add("platforms")(...platformMovements(platforms, lang));
  if (platforms.length >= 2) {
    const sorted = [...platforms].sort((a, b) => b.mention_rate - a.mention_rate);
    const best = sorted[0]!;
    const worst = sorted[sorted.length - 1]!;
    add("platforms")({
      text: e.strongestWeakest(
        platformName(best.platform),
        best.mention_rate,
        platformName(worst.platform),
        worst.mention_rate,
      ),
      tone: "neutral",
    });
  }

  const leader = [...s.competitors.rows].sort((a, b) => b.sov - a.sov)[0];
  if (leader) {
    add("competitors")(
      leader.is_you
        ? { text: e.youLead(brand, leader.sov), tone: "positive" }
        : {
            text: e.rivalLeads(leader.name, leader.sov, brand, s.competitors.your_position.sov.value),
            tone: "negative",
          },
    );
  }

  // From every prompt's answers (the service's gaps), not only the latest ones the report lists.
  const gaps = s.prompts.gaps;
  const top = gaps[0];
  if (top) {
    add("opportunities")({
      text: e.gaps(
        gaps.length,
        brand,
        top.prompt_text,
        top.gap_platforms.length,
        top.platforms.length,
        top.gap_answers,
        top.snapshots,
      ),
      tone: "negative",
    });
  }
  return out;
}

function names(topics: { name: string }[], lang: Lang): string {
  const shown = topics.slice(0, 3).map((t) => t.name);
  return lang.m.executiveSummary.topics(shown, topics.length - shown.length);
}

function contentMapFindings(m: ContentMapModel, lang: Lang): Finding[] {
  const e = lang.m.executiveSummary;
  const out: Finding[] = [];
  const section = "content_map";
  if (m.untapped.length > 0)
    out.push({ text: e.untapped(m.untapped.length, names(m.untapped, lang)), tone: "negative", section });
  if (m.gaps.length > 0)
    out.push({ text: e.coverageGaps(m.gaps.length, names(m.gaps, lang)), tone: "negative", section });
  return out;
}
