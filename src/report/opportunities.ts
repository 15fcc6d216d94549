import type { PromptGap } from "../contract/index.js";
import { platformName } from "../format/figures.js";
import { ENGLISH, type Lang } from "../format/i18n/index.js";
import type { ChangeImpact, ChangeLogModel } from "./change-log.js";
import { doneFor, doneWindows, rateScope } from "./claims/done-work.js";

/**
 * Which rule of docs/metrics.md "Opportunities" chose the suggested action; `done` when the change
 * log says the action was already taken (docs/claims.md, "Work already done").
 */
export type ActionRule = "absent" | "platforms" | "page" | "consistency" | "done";

/** A competitor page explains a gap when it is cited in at least this share of the gap answers. */
export const PAGE_SHARE = 0.1;

/** A prompt where competitors are named and the brand is not, with what to do about it. */
export interface Opportunity extends PromptGap {
  rule: ActionRule;
  /** One sentence; every figure in it is a field of the gap, so it can be traced in the data. */
  action: string;
  /** The change-log entry that already did what the rules would suggest, with its before and after. */
  done: ChangeImpact | null;
}

/**
 * The suggested action of a gap, by the first rule that holds (docs/metrics.md, "Opportunities"):
 * 1. absent: no answer to the prompt names the brand: publish a page that answers it;
 * 2. platforms: some platforms name the brand and some gap platforms never do: look at what
 *    those cite;
 * 3. page: a competitor page is cited in at least PAGE_SHARE of the gap answers: answer the
 *    prompt better than that page;
 * 4. consistency: otherwise the brand is named, just not reliably: strengthen what earns it.
 */
export function opportunityOf(
  gap: PromptGap,
  brand: string,
  lang: Lang = ENGLISH,
  done: ChangeImpact | null = null,
): Opportunity {
  const say = lang.m.actions;
  const page = gap.pages[0];
  const top = gap.competitors[0];
  const cited = page
    ? { competitor: page.competitor_name, url: page.url, citations: page.citations }
    : undefined;
  const never = gap.gap_platforms.filter((p) => !gap.brand_platforms.includes(p));
  const [rule, action]: [ActionRule, string] =
    gap.mentioned === 0
      ? ["absent", say.absent(gap.snapshots, brand, top, cited)]
      : never.length > 0
        ? [
            "platforms",
            say.platforms(
              never.map(platformName),
              brand,
              gap.brand_platforms.map(platformName),
              gap.mentioned,
              gap.snapshots,
            ),
          ]
        : page && page.citations >= PAGE_SHARE * gap.gap_answers
          ? ["page", say.page(page.competitor_name, page.url, page.citations, gap.gap_answers, brand)]
          : ["consistency", say.consistency(brand, gap.mentioned, gap.snapshots, top)];
  // Publishing again what the change log says went live would repeat work already done: its
  // before and after are reported instead (the other rules ask for a look, not for new pages).
  if (done && (rule === "absent" || rule === "page"))
    return {
      ...gap,
      rule: "done",
      action: say.done(
        done.entry.label,
        lang.f.date(done.entry.date),
        rateScope(done.entry, lang),
        ...doneWindows(done),
      ),
      done,
    };
  return { ...gap, rule, action, done: null };
}

/**
 * Every gap of the report with its action, in the service's ranking (most platforms, then
 * answers); `changes` and the tracked `competitors` tell which actions were already taken.
 */
export function opportunities(
  gaps: readonly PromptGap[],
  brand: string,
  lang: Lang = ENGLISH,
  changes: ChangeLogModel | null = null,
  competitors: readonly string[] = [],
): Opportunity[] {
  return gaps.map((g) => opportunityOf(g, brand, lang, doneFor(g, changes, competitors)));
}
