import type { AccountManager, AgencyPlan, NextStep } from "../config/agency-input.js";
import { type ContentItem, dayIn, type ReportPeriod } from "../contract/index.js";
import type { ChangeImpact, ChangeLogModel } from "./change-log.js";
import type { Claim } from "./claims/claim.js";

/** One piece of work delivered in the period: a change-log entry, or content the client published. */
export type Delivered =
  | { kind: "change"; date: string; impact: ChangeImpact }
  | { kind: "content"; date: string; item: ContentItem };

/** The agency's page (docs/agency.md): what the data says went well and badly, and the agency's plan. */
export interface AgencyModel {
  /** Claims good for the client: significant gains, a share-of-voice lead, targets met. */
  wins: Claim[];
  /** Claims bad for the client: significant losses, competitors ahead, targets missed or at risk. */
  risks: Claim[];
  nextSteps: NextStep[];
  nextReview: string | null;
  accountManager: AccountManager | null;
  /** The period's change-log entries and published content, by date (change-log entries first within a day). */
  delivered: Delivered[];
  /** Whether the report has the client's content (a key without the content scope has none). */
  hasContent: boolean;
  /**
   * Whether the agency gave anything for its page (an agency note or a change log): without it
   * the report has no agency page, whose wins and risks would only repeat the summary.
   */
  hasInput: boolean;
}

/**
 * The kinds of claim a win or a risk is made of: news about the client's standing. The summary's
 * other sentences (gaps, topics, coverage) say where to act, which the next steps answer.
 */
const NEWS: ReadonlySet<Claim["kind"]> = new Set([
  "rate-change",
  "platforms-moved",
  "sov-leader",
  "overtaken",
  "competitor-rose",
  "target",
]);

/**
 * The agency's page from the model's claims (the summary's and one per target), the agency's plan
 * and the period's work. Wins and risks are claims, so the self-check holds them like every sentence.
 */
export function agencyModel(input: {
  claims: readonly Claim[];
  plan: AgencyPlan | undefined;
  changes: ChangeLogModel | null;
  /** The client's produced content items; null when the report has no content data. */
  produced: readonly ContentItem[] | null;
  period: Pick<ReportPeriod, "start" | "end"> | null;
  timezone: string;
}): AgencyModel {
  const news = input.claims.filter((c) => NEWS.has(c.kind));
  const { period } = input;
  const published = (item: ContentItem) =>
    item.status === "PUBLISHED" && item.published_on !== null
      ? dayIn(input.timezone, new Date(item.published_on))
      : null;
  const content: Delivered[] =
    input.produced && period
      ? input.produced.flatMap((item): Delivered[] => {
          const date = published(item);
          return date !== null && date >= period.start && date <= period.end
            ? [{ kind: "content", date, item }]
            : [];
        })
      : [];
  const changes: Delivered[] = (input.changes?.impacts ?? []).map((impact) => ({
    kind: "change",
    date: impact.entry.date,
    impact,
  }));
  const delivered = [...changes, ...content].sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.kind === b.kind ? 0 : a.kind === "change" ? -1 : 1,
  );
  return {
    wins: news.filter((c) => c.tone === "positive"),
    risks: news.filter((c) => c.tone === "negative"),
    nextSteps: input.plan?.nextSteps ?? [],
    nextReview: input.plan?.nextReview ?? null,
    accountManager: input.plan?.accountManager ?? null,
    delivered,
    hasContent: input.produced !== null,
    hasInput: input.plan !== undefined || input.changes !== null,
  };
}
