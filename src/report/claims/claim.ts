import type { Compare } from "../../contract/calendar-periods.js";
import type { Platform, PromptGap, RateStats, Topic } from "../../contract/index.js";
import type { PlatformCoverage } from "../coverage.js";
import type { TargetCheck } from "../targets.js";

/**
 * A claim: one statement the report makes about the data, before it is words (docs/claims.md).
 * It names what it is about (`subjects`), the figures it quotes and the rows they come from, so the
 * consistency check can hold it against the other claims and the model, and each language can say
 * it. Its tone is the news for the client: the client's gain good, a competitor's gain bad, a
 * change that is not significant neutral.
 */
export type Claim = ClaimBody & ClaimFacts;

/** What every claim carries beside its kind's own fields. */
export interface ClaimFacts {
  /** The section whose figures it quotes: a draft notes file puts it there (docs/notes.md). */
  section: ClaimSection;
  tone: "positive" | "negative" | "neutral";
  /** Who or what it is about: the brand, competitors, platforms, topics, prompts (by name or slug). */
  subjects: readonly string[];
  /** Where its figures come from: `<section>/<row>` (e.g. `platforms/grok`, `competitors/Lumora`). */
  rows: readonly string[];
}

/** The sections a claim can belong to. */
export type ClaimSection =
  | "summary"
  | "platforms"
  | "categories"
  | "competitors"
  | "opportunities"
  | "content_map";

/** A headline metric of the summary. */
export type HeadlineMetric = "mention_rate" | "citation_rate" | "share_of_voice";

/** One platform's significant change of mention rate. */
export interface PlatformMove {
  platform: Platform;
  delta: number;
  rate: number;
  stats: RateStats;
}

/** A change-log entry that already did an action: its label and its day (YYYY-MM-DD). */
export interface DoneWork {
  label: string;
  date: string;
}

/**
 * A theme whose work the change log says is done while its prompts still show the gap: the work,
 * what the prompts share (the competitor they name or their category), and the period's answers
 * to them, those naming the brand and those naming competitors and not it.
 */
export interface DoneTheme {
  work: DoneWork;
  kind: "competitor" | "category";
  name: string;
  prompts: number;
  answers: number;
  mentioned: number;
  gapAnswers: number;
}

/** A rate of a named entity in both periods. */
export interface RatePair {
  name: string;
  current: number;
  previous: number;
}

/** One headline metric on which a competitor overtook the client. */
export interface Overtaking {
  metric: HeadlineMetric;
  competitor: RatePair;
  you: RatePair;
}

/** The claims by kind. */
export type ClaimBody =
  | { kind: "no-answers" }
  /** The comparison period has no data or is partly covered: no change may be claimed. */
  | { kind: "no-comparison"; notice: string }
  | { kind: "rate-level"; metric: HeadlineMetric; current: number }
  | {
      kind: "rate-change";
      metric: HeadlineMetric;
      current: number;
      previous: number;
      delta: number;
      stats: RateStats;
      /** What `previous` is: the period before, or the same days a year earlier. */
      versus: Compare;
    }
  | { kind: "platforms-moved"; direction: "up" | "down"; moves: readonly PlatformMove[] }
  | { kind: "platforms-flat"; platforms: readonly Platform[] }
  /**
   * The category whose mention rate changed most, where that change is significant and larger
   * than every platform's: the one category move the summary names (docs/claims.md,
   * "Categories"). The prompts without a category are not one.
   */
  | {
      kind: "category-moved";
      category: string;
      delta: number;
      rate: number;
      stats: RateStats;
      /** The change log's latest page published on the category by the period's end, said beside it. */
      since: DoneWork | null;
    }
  /**
   * The competitor whose mention rate rose most, significantly, when no overtaking already shows
   * that rise (docs/claims.md, "Competitors"): a rival's surge is news for the client.
   */
  | { kind: "competitor-rose"; competitor: string; delta: number; rate: number; stats: RateStats }
  /** Either end is present only when one platform alone holds it: a tie is neither. */
  | {
      kind: "platform-extremes";
      strongest: { platform: Platform; rate: number } | null;
      weakest: { platform: Platform; rate: number } | null;
      /** How many platforms share the rate of the end not named (0 when both ends are named). */
      tied: number;
    }
  /**
   * Who leads share of voice; `mention` when the same leader leads mention rate too (alone), its
   * rate and the client's (docs/claims.md): "leads" on one metric is not read as on all.
   */
  | {
      kind: "sov-leader";
      leader: { name: string; sov: number };
      you: { name: string; sov: number } | null;
      mention: { leader: number; you: number } | null;
    }
  /** A competitor now ahead of the client on headline metrics where it was not ahead in the previous period. */
  | { kind: "overtaken"; competitor: string; you: string; metrics: readonly Overtaking[]; versus: Compare }
  /**
   * Prompts where answers name a competitor and not the brand. `scope` says which count is
   * quoted: prompts with any such answer (`any`), or, when that is every tracked prompt and so
   * tells nothing, those where most answers are such (`most`; `prompts` 0 then means none).
   */
  | {
      kind: "gaps";
      scope: "any" | "most";
      prompts: number;
      trackedPrompts: number;
      brand: string;
      widest: PromptGap;
      /**
       * The change-log entry that already did the widest gap's action (its opportunity's
       * `done`): the sentence says it, so the summary does not read as asking for it again.
       */
      done: DoneWork | null;
    }
  | { kind: "untapped"; topics: readonly Topic[] }
  | {
      kind: "coverage-gaps";
      topics: readonly Topic[];
      /** Those of them the client's content plan has pages for, planned or being written. */
      underway: readonly Topic[];
    }
  /**
   * A topic the content map flags untapped while the client has published on it: what exists is
   * said instead, how much of it answers cite, and that it is not yet among the classified pages.
   */
  | { kind: "topic-own-content"; topic: Topic; items: number; cited: number; competitorPages: number }
  /** A section's intro: what the figures below rest on (docs/claims.md, "Section intros"). */
  | { kind: "scope"; prompts: number; platforms: number; competitors: number }
  /**
   * The opportunities' intro: the gap prompts, the themes they fall into, and the focus themes
   * that lead the table (the citation rate, the weakest platform).
   */
  | {
      kind: "themes";
      brand: string;
      prompts: number;
      /**
       * When the gap prompts are every tracked prompt (of two or more): how many there are, and on
       * how many most answers are gaps, the count the summary's `gaps` claim quotes then; the intro
       * says both, so "the 120 prompts" here and "54 of 120" there read as one story.
       */
      every: { tracked: number; mostly: number } | null;
      themes: number;
      citations: boolean;
      platform: Platform | null;
      /** Done work whose prompts still show the gap: the table ranks it last, the intro says it. */
      done: readonly DoneTheme[];
    }
  /** The agency's targets: how many are on track, and each one that is not (docs/targets.md). */
  | { kind: "targets"; met: number; total: number; short: readonly TargetCheck[] }
  /** One target on its own, for the agency's page: met is a win, missed a risk (docs/claims.md). */
  | { kind: "target"; check: TargetCheck }
  /**
   * Platforms that collected less than the others in the period (missing or partial days), the
   * answers they are short, and the answers count's change this explains, when it fell.
   */
  | {
      kind: "coverage";
      days: number;
      platforms: readonly PlatformCoverage[];
      shortfall: number;
      answersChange: number | null;
    }
  /**
   * A period of less than a week compared with days that fall on other weekdays (month to date
   * on the 1st: a Sunday against a Thursday): answers vary by weekday, so the changes are said
   * with that caution (docs/claims.md, "Weekdays compared").
   */
  | {
      kind: "weekday-mix";
      days: number;
      current: { start: string; end: string };
      previous: { start: string; end: string };
    };
