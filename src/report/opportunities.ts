import type { PromptGap } from "../contract/index.js";
import { formatCount, platformName } from "../format/figures.js";
import { list } from "../format/human.js";
import { countOf } from "../format/plural.js";

/** Which rule of docs/metrics.md "Opportunities" chose the suggested action. */
export type ActionRule = "absent" | "platforms" | "page" | "consistency";

/** A competitor page explains a gap when it is cited in at least this share of the gap answers. */
export const PAGE_SHARE = 0.1;

/** A prompt where competitors are named and the brand is not, with what to do about it. */
export interface Opportunity extends PromptGap {
  rule: ActionRule;
  /** One sentence; every figure in it is a field of the gap, so it can be traced in the data. */
  action: string;
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
export function opportunityOf(gap: PromptGap, brand: string): Opportunity {
  const page = gap.pages[0];
  const top = gap.competitors[0];
  const rival = top ? `${top.name} is named without ${brand} in ${formatCount(top.answers)}` : "";
  const cited = page
    ? `${page.competitor_name}'s ${page.url} is cited in ${formatCount(page.citations)} of the ${countOf(gap.gap_answers, "answer")} naming a competitor and not ${brand}`
    : "";
  const never = gap.gap_platforms.filter((p) => !gap.brand_platforms.includes(p));
  const [rule, action]: [ActionRule, string] =
    gap.mentioned === 0
      ? [
          "absent",
          `Publish a page that answers this prompt: none of its ${countOf(gap.snapshots, "answer")} names ${brand}${top ? `; ${top.name} is named in ${formatCount(top.answers)}` : ""}${page ? ` and ${page.competitor_name}'s ${page.url} is cited in ${formatCount(page.citations)}` : ""}.`,
        ]
      : never.length > 0
        ? [
            "platforms",
            `Find out what ${list(never.map(platformName))} cite${never.length === 1 ? "s" : ""} for this prompt: ${never.length === 1 ? "it never names" : "they never name"} ${brand}, while ${list(gap.brand_platforms.map(platformName))} ${gap.brand_platforms.length === 1 ? "does" : "do"} (${formatCount(gap.mentioned)} of ${countOf(gap.snapshots, "answer")}).`,
          ]
        : page && page.citations >= PAGE_SHARE * gap.gap_answers
          ? ["page", `Publish or strengthen a page that answers this prompt better: ${cited}.`]
          : [
              "consistency",
              `Strengthen what earns ${brand} its mentions here: it is named in ${formatCount(gap.mentioned)} of ${countOf(gap.snapshots, "answer")}, and ${rival}.`,
            ];
  return { ...gap, rule, action };
}

/** Every gap of the report with its action, in the service's ranking (most platforms, then answers). */
export function opportunities(gaps: readonly PromptGap[], brand: string): Opportunity[] {
  return gaps.map((g) => opportunityOf(g, brand));
}
