import type { Platform } from "../contract/index.js";
import { platformName } from "../format/figures.js";
import { ENGLISH, type Lang } from "../format/i18n/index.js";
import type { ChangeImpact, ChangeLogModel } from "./change-log.js";
import { doneWindows, publishedFor, rateScope } from "./claims/done-work.js";
import type { Opportunity } from "./opportunities.js";

/**
 * Opportunities as a strategist writes them (docs/claims.md, "Opportunities as themes"): the gap
 * prompts grouped by what they share, one action per group naming the prompts it covers and the
 * pages competitors win them with. A prompt that names a tracked competitor ("Lumora
 * alternatives for …") belongs to that competitor's theme, whatever its category: one comparison
 * page answers them all; the others are grouped by category; prompts without one together.
 */
export interface OpportunityTheme {
  /** Stable key: `competitor:<name>`, `category:<name>`, `other`, `citations` or `platform:<id>`. */
  key: string;
  /**
   * What the prompts share. `citations` and `platform` are focus themes: they gather, across the
   * others, the prompts that serve a weak spot the report names (docs/claims.md, "Focus themes").
   */
  kind: "competitor" | "category" | "other" | "citations" | "platform";
  /** The competitor, the category or the platform; null for the other kinds. */
  name: string | null;
  /** The theme's prompts, in the service's ranking. */
  prompts: readonly Opportunity[];
  /**
   * How many prompts share the theme's trait, work already done included: a focus theme takes
   * only the prompts still to work on, so its sentence says how many it leaves out.
   */
  sharing: number;
  /** Summed over the prompts: answers, answers naming a competitor and not the brand. */
  snapshots: number;
  gapAnswers: number;
  /** The competitors named in the gap answers, most named first (summed over the prompts). */
  competitors: readonly { name: string; answers: number }[];
  /** Competitor pages cited in the gap answers, most cited first (at most 3). */
  pages: readonly { url: string; competitor_name: string; citations: number }[];
  /** The change-log entry that already did the theme's work (all its prompts' entry), or null. */
  done: ChangeImpact | null;
  /** One sentence; every figure a field of the theme. */
  action: string;
}

/**
 * The weak spots the report names that deserve actions of their own: a citation rate behind a
 * target or a competitor, and the platform the summary calls weakest (with its mention rate).
 */
export interface ThemeFocus {
  citations: boolean;
  /** The client's citation rate is the highest of the tracked brands': its citations theme says so. */
  citationsLead?: boolean;
  weakest: { platform: Platform; rate: number } | null;
}

const NO_FOCUS: ThemeFocus = { citations: false, weakest: null };

/** Prompts gathered under one theme, before their sums and action. */
type Group = {
  kind: OpportunityTheme["kind"];
  name: string | null;
  prompts: Opportunity[];
  sharing?: number;
};

/** The competitor a prompt's own words name, if any (the first of the tracked ones). */
function namedIn(text: string, competitors: readonly string[]): string | undefined {
  const lower = text.toLocaleLowerCase();
  return competitors.find((c) => lower.includes(c.toLocaleLowerCase()));
}

/** Sums `{ key, count }` pairs by key, largest first (ties by key, for a stable order). */
function summed<T>(
  items: readonly T[],
  key: (t: T) => string,
  count: (t: T) => number,
): [string, number, T][] {
  const by = new Map<string, [string, number, T]>();
  for (const item of items) {
    const k = key(item);
    const seen = by.get(k);
    by.set(k, [k, (seen?.[1] ?? 0) + count(item), seen?.[2] ?? item]);
  }
  return [...by.values()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

/**
 * The themes of `opportunities` (already ranked), ranked by their gap answers, those whose work
 * is already done last; `competitors` are
 * the tracked competitors' names and `brand` the client's.
 */
export function opportunityThemes(
  opportunities: readonly Opportunity[],
  competitors: readonly string[],
  brand: string,
  lang: Lang = ENGLISH,
  focus: ThemeFocus = NO_FOCUS,
  log: ChangeLogModel | null = null,
): OpportunityTheme[] {
  const groups = new Map<string, Group>();
  for (const o of opportunities) {
    const rival = namedIn(o.prompt_text, competitors);
    const [key, kind, name] =
      rival !== undefined
        ? [`competitor:${rival}`, "competitor" as const, rival]
        : o.category !== null
          ? [`category:${o.category}`, "category" as const, o.category]
          : ["other", "other" as const, null];
    const group = groups.get(key) ?? { kind, name, prompts: [] };
    group.prompts.push(o);
    groups.set(key, group);
  }
  const focused = focusGroups(opportunities, focus);
  const drafts = [...focused, ...groups.entries()].map(([key, g]): Omit<OpportunityTheme, "action"> => {
    const rivals = summed(
      g.prompts.flatMap((p) => p.competitors),
      (c) => c.name,
      (c) => c.answers,
    ).map(([name, answers]) => ({ name, answers }));
    const pages = summed(
      g.prompts.flatMap((p) => p.pages),
      (p) => p.url,
      (p) => p.citations,
    )
      .slice(0, 3)
      .map(([url, citations, page]) => ({ url, competitor_name: page.competitor_name, citations }));
    const snapshots = g.prompts.reduce((n, p) => n + p.snapshots, 0);
    const gapAnswers = g.prompts.reduce((n, p) => n + p.gap_answers, 0);
    // The theme's work is done when every one of its prompts found the same entry.
    const entries = new Set(g.prompts.map((p) => p.done));
    const done = entries.size === 1 ? (g.prompts[0]?.done ?? null) : null;
    return {
      key,
      kind: g.kind,
      name: g.name,
      prompts: g.prompts,
      sharing: g.sharing ?? g.prompts.length,
      snapshots,
      gapAnswers,
      competitors: rivals,
      pages,
      done,
    };
  });
  // Focus themes first (the summary and the targets point at them), then work to do, by the
  // answers that show the gap; work already done last.
  const rank = (t: Omit<OpportunityTheme, "action">) =>
    t.kind === "citations" || t.kind === "platform" ? 0 : 1;
  const sorted = drafts.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      Number(a.done !== null) - Number(b.done !== null) ||
      b.gapAnswers - a.gapAnswers ||
      (a.key < b.key ? -1 : 1),
  );
  // In table order: a page named by an earlier action is "the same page" in the next.
  const named = new Set<string>();
  return sorted.map((theme) => {
    const action = actionOf(theme, brand, lang, focus, log, named);
    const page = theme.pages[0];
    if (page && theme.done === null) named.add(page.url);
    return { ...theme, action };
  });
}

/**
 * The focus themes' prompts, among the open ones (work not already done): for citations, those
 * whose gap answers cite a competitor page; for the weakest platform, those with a gap on it where
 * it never names the brand, else all those with a gap on it. A focus with no such prompt has no
 * theme: the self-check then asks the agency to add an action or say why none.
 */
function focusGroups(opportunities: readonly Opportunity[], focus: ThemeFocus): [string, Group][] {
  const open = opportunities.filter((o) => o.done === null);
  const out: [string, Group][] = [];
  // The competitor page cited most in the gap answers, and the prompts whose answers cite it,
  // those that cite it most first: one page to answer better, not every prompt with a citation.
  const top = summed(
    open.flatMap((o) => o.pages),
    (p) => p.url,
    (p) => p.citations,
  )[0]?.[0];
  const citing = (o: Opportunity) => o.pages.find((p) => p.url === top)?.citations ?? 0;
  const cited = open.filter((o) => citing(o) > 0).sort((a, b) => citing(b) - citing(a));
  if (focus.citations && cited.length > 0)
    out.push(["citations", { kind: "citations", name: null, prompts: cited }]);
  const weak = focus.weakest?.platform;
  if (weak === undefined) return out;
  // Its gap prompts where it never names the brand, the ones to win back first; when it names the
  // brand on each (only less often than competitors name theirs), all its gap prompts.
  const gaps = (from: readonly Opportunity[]) => from.filter((o) => o.gap_platforms.includes(weak));
  const never = (o: Opportunity) => !o.brand_platforms.includes(weak);
  const openNever = gaps(open).filter(never);
  const chosen = openNever.length > 0 ? openNever : gaps(open);
  // The same trait counted over every prompt, so the sentence says how many have work done.
  const sharing = (openNever.length > 0 ? gaps(opportunities).filter(never) : gaps(opportunities)).length;
  if (chosen.length > 0)
    out.push([`platform:${weak}`, { kind: "platform", name: weak, prompts: chosen, sharing }]);
  return out;
}

/** The theme's one action: what to publish, for which prompts, against which pages. */
function actionOf(
  t: Omit<OpportunityTheme, "action">,
  brand: string,
  lang: Lang,
  focus: ThemeFocus,
  log: ChangeLogModel | null,
  named: ReadonlySet<string>,
): string {
  const say = lang.m.themes;
  // The first prompt names the theme's kind of question; the workbook lists the rest. "And 1 more"
  // would hide a prompt in the space it takes: two are both named.
  const shown = (t.prompts.length <= 2 ? t.prompts : t.prompts.slice(0, 1)).map((p) => p.prompt_text);
  const prompts = say.prompts(shown, t.prompts.length - shown.length);
  if (t.done)
    return [
      say.done(
        t.done.entry.label,
        lang.f.date(t.done.entry.date),
        t.prompts.length,
        rateScope(t.done.entry, lang),
        ...doneWindows(t.done),
      ),
      // Work done is not a gap closed: what the prompts still show is said with it.
      ...(t.gapAnswers > 0 ? [say.stillOpen(t.gapAnswers, t.snapshots, brand)] : []),
    ].join(" ");
  // Who is named instead: the theme's own competitor is the one asked about, not the one winning.
  const winners = t.competitors.filter((c) => c.name !== t.name).slice(0, 2);
  // One competitor in every gap answer is the sentence's subject; else the most named, each with
  // its own count (docs/claims.md, "Opportunities as themes").
  const subject = winners.length === 1 && winners[0]!.answers === t.gapAnswers ? winners[0]!.name : null;
  const page = t.pages[0];
  const evidence = say.evidence(
    subject,
    subject === null ? winners : [],
    t.gapAnswers,
    t.snapshots,
    t.prompts.length,
    brand,
    page
      ? {
          url: page.url,
          competitor: page.competitor_name,
          citations: page.citations,
          again: named.has(page.url),
        }
      : null,
  );
  if (t.kind === "citations" && page)
    return say.citations(
      t.prompts.length,
      prompts,
      brand,
      { url: page.url, competitor: page.competitor_name, citations: page.citations },
      focus.citationsLead === true,
    );
  if (t.kind === "platform" && focus.weakest) {
    const weak = focus.weakest.platform;
    return say.platform(
      platformName(weak),
      focus.weakest.rate,
      brand,
      t.prompts.length,
      t.sharing,
      // Which prompts focusGroups took: those where the platform never names the brand, else all.
      t.prompts.every((p) => !p.brand_platforms.includes(weak)),
      prompts,
      evidence,
    );
  }
  if (t.kind === "competitor") return say.comparison(t.name!, t.prompts.length, prompts, evidence);
  if (t.kind === "category") {
    // Pages on the category that went live already are built on, not proposed again.
    const live = publishedFor(log, t.name!);
    const since = live ? { label: live.label, date: lang.f.date(live.date) } : null;
    return say.category(t.name!, t.prompts.length, prompts, evidence, since);
  }
  return say.other(t.prompts.length, prompts, evidence);
}
