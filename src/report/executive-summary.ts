import type { RateStats } from "../contract/index.js";
import {
  formatCount,
  formatDeltaInterval,
  formatDeltaPp,
  formatPercent,
  platformName,
} from "../format/figures.js";
import { list } from "../format/human.js";
import { countOf } from "../format/plural.js";
import { type Comparison, comparisonNotice, comparisonOf } from "./comparison.js";
import type { ApiSections, ContentMapModel, Finding, ReportModel } from "./model.js";

/**
 * The executive summary, computed by explicit rules from the model's numbers (no language
 * model): each sentence quotes the figures it rests on, so a reader can trace it in the report.
 * A change is stated only when it is significant (its 95 % interval excludes 0, docs/metrics.md
 * "Intervals and significance"); a headline rate that did not move significantly is said so.
 */
export function findings(model: ReportModel): Finding[] {
  const out: Finding[] = [];
  if (model.sections.ok)
    out.push(
      ...visibilityFindings(model.sections.value, model.cover.brand, comparisonOf(model.cover.period)),
    );
  if (model.contentMap.ok) out.push(...contentMapFindings(model.contentMap.value));
  return out;
}

/** A finding before it is placed in the section whose figures it quotes. */
export type Sentence = Omit<Finding, "section">;

const interval = (st: RateStats) => `95% interval ${formatDeltaInterval(st.delta_low, st.delta_high)}`;

/** A headline rate's change: stated when significant, else "did not change significantly" (the trend chart's alternative text says it too). */
export function movement(
  label: string,
  current: number,
  previous: number,
  delta: number,
  st: RateStats,
): Sentence {
  if (!st.significant) {
    return {
      text: `${label} did not change significantly: ${formatPercent(current)} against ${formatPercent(previous)} in the previous period (${formatDeltaPp(delta)}; ${interval(st)}).`,
      tone: "neutral",
    };
  }
  const verb = delta > 0 ? "rose" : "fell";
  return {
    text: `${label} ${verb} significantly from ${formatPercent(previous)} to ${formatPercent(current)} (${formatDeltaPp(delta)}; ${interval(st)}).`,
    tone: delta > 0 ? "positive" : "negative",
  };
}

/** Per-platform mention-rate changes: the significant rises, the significant falls, the rest. */
function platformMovements(rows: ApiSections["platforms"]["rows"]): Sentence[] {
  const out: Sentence[] = [];
  const moved = (up: boolean) =>
    rows.filter((p) => p.mention_stats.significant && p.mention_delta > 0 === up);
  const say = (p: (typeof rows)[number]) =>
    `${platformName(p.platform)} (${formatDeltaPp(p.mention_delta)}, to ${formatPercent(p.mention_rate)}; ${interval(p.mention_stats)})`;
  const rises = moved(true);
  const falls = moved(false);
  if (rises.length > 0)
    out.push({ text: `Mention rate rose significantly on ${list(rises.map(say))}.`, tone: "positive" });
  if (falls.length > 0)
    out.push({ text: `Mention rate fell significantly on ${list(falls.map(say))}.`, tone: "negative" });
  const flat = rows.filter((p) => !p.mention_stats.significant);
  if (flat.length > 0) {
    out.push({
      text: `No significant change in mention rate on ${list(flat.map((p) => platformName(p.platform)))}.`,
      tone: "neutral",
    });
  }
  return out;
}

function visibilityFindings(s: ApiSections, brand: string, comparison: Comparison): Finding[] {
  const out: Finding[] = [];
  const add =
    (section: Finding["section"]) =>
    (...sentences: Sentence[]) =>
      out.push(...sentences.map((f) => ({ ...f, section })));
  // Without a fully covered comparison period no sentence may claim a change (docs/decisions.md#period).
  const notice = comparisonNotice(comparison);
  if (s.summary.totals.snapshots.current === 0) {
    return [
      {
        text: "No answers were collected in this period, so no rates can be reported.",
        tone: "neutral",
        section: "summary",
      },
    ];
  }
  if (notice !== undefined) add("summary")({ text: notice, tone: "neutral" });
  for (const kpi of s.summary.rows)
    add("summary")(
      notice !== undefined || kpi.previous === null || kpi.delta === null
        ? { text: `${kpi.label} was ${formatPercent(kpi.current)}.`, tone: "neutral" }
        : movement(kpi.label, kpi.current, kpi.previous, kpi.delta, kpi.stats),
    );
  const platforms = s.platforms.rows.filter((p) => p.snapshots > 0);
  if (notice === undefined) add("platforms")(...platformMovements(platforms));
  if (platforms.length >= 2) {
    const sorted = [...platforms].sort((a, b) => b.mention_rate - a.mention_rate);
    const best = sorted[0]!;
    const worst = sorted[sorted.length - 1]!;
    add("platforms")({
      text: `${platformName(best.platform)} is the strongest platform (mention rate ${formatPercent(best.mention_rate)}); ${platformName(worst.platform)} the weakest (${formatPercent(worst.mention_rate)}).`,
      tone: "neutral",
    });
  }

  const leader = [...s.competitors.rows].sort((a, b) => b.sov - a.sov)[0];
  if (leader) {
    add("competitors")(
      leader.is_you
        ? { text: `${brand} leads share of voice with ${formatPercent(leader.sov)}.`, tone: "positive" }
        : {
            text: `${leader.name} leads share of voice with ${formatPercent(leader.sov)}, against ${formatPercent(s.competitors.your_position.sov.value)} for ${brand}.`,
            tone: "negative",
          },
    );
  }

  // From every prompt's answers (the service's gaps), not only the latest ones the report lists.
  const gaps = s.prompts.gaps;
  const top = gaps[0];
  if (top) {
    const n = gaps.length;
    add("opportunities")({
      text: `On ${countOf(n, "prompt")}, answers name a competitor and not ${brand}; the widest gap is “${top.prompt_text}” (on ${formatCount(top.gap_platforms.length)} of ${countOf(top.platforms.length, "platform")}, ${formatCount(top.gap_answers)} of ${countOf(top.snapshots, "answer")}).`,
      tone: "negative",
    });
  }
  return out;
}

function names(topics: { name: string }[]): string {
  const shown = topics.slice(0, 3).map((t) => t.name);
  const more = topics.length - shown.length;
  return shown.join(", ") + (more > 0 ? ` and ${more} more` : "");
}

function contentMapFindings(m: ContentMapModel): Finding[] {
  const out: Finding[] = [];
  const section = "content_map";
  if (m.untapped.length > 0) {
    out.push({
      text: `${countOf(m.untapped.length, "untapped topic")} where competitors publish and you do not: ${names(m.untapped)}.`,
      tone: "negative",
      section,
    });
  }
  if (m.gaps.length > 0) {
    out.push({
      text: `${countOf(m.gaps.length, "coverage gap")} where the top competitor has more pages: ${names(m.gaps)}.`,
      tone: "negative",
      section,
    });
  }
  return out;
}
