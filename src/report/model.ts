import type { SectionKey } from "../config/section-keys.js";
import type {
  AnswerFull,
  ContentItem,
  FullReport,
  Project,
  ReportPeriod,
  ReportSectionKey,
  ReportSectionOf,
  Scope,
  Site,
  Topic,
  VisibilitySetup,
  Workspace,
} from "../contract/index.js";
import type { MissingPart } from "../format/i18n/index.js";
import type { AgencyModel } from "./agency.js";
import type { ChangeLogModel, LeadIn } from "./change-log.js";
import type { Claim, ClaimSection } from "./claims/claim.js";
import type { Coverage } from "./coverage.js";
import type { Segment } from "./excerpt.js";
import type { EvidenceAnswer } from "./fetch-evidence.js";
import type { Opportunity } from "./opportunities.js";
import type { OpportunityTheme } from "./opportunity-themes.js";
import type { Period } from "./period.js";
import type { TargetCheck } from "./targets.js";

/**
 * A piece of fetched data, or the reason it is missing (said in words in the report, never zeros):
 * `reason` in English for logs, and the missing `part` and `scopes` so the report says it in its
 * own language (docs/i18n.md).
 */
export type Available<T> =
  | { ok: true; value: T }
  | { ok: false; reason: string; scope?: Scope; part?: MissingPart; scopes?: readonly string[] };

/** Content items of the three views. */
export interface ContentViews {
  IDEAS: ContentItem[];
  PLANNED: ContentItem[];
  PRODUCED: ContentItem[];
}

/** Everything fetched from the API for one report: the only input of `buildModel`. */
export interface ReportData {
  /** The period asked for, resolved where the request came in (report/period.ts). */
  period: Period;
  project: Project;
  workspace: Available<Workspace>;
  setup: Available<VisibilitySetup>;
  report: Available<FullReport>;
  /** The answers the evidence section quotes (docs/metrics.md, "Evidence"). */
  evidence: Available<EvidenceAnswer[]>;
  topics: Available<{ topics: Topic[]; unclassified: number }>;
  sites: Available<Site[]>;
  content: Available<ContentViews>;
  /**
   * The days before the period a change-log entry's window needs and the comparison period does
   * not hold (report/change-log.ts): absent when none are missing.
   */
  leadIn?: LeadIn;
  /** When the data was fetched (ISO); the model never reads the clock itself. */
  fetchedAt: string;
}

/** The ten API report sections, by key. */
export type ApiSections = { [K in ReportSectionKey]: ReportSectionOf<K> };

export interface CoverFacts {
  workspace: string;
  project: string;
  projectSlug: string;
  brand: string;
  brandDomain: string;
  range: FullReport["range"];
  period: ReportPeriod | null;
  /** The period's name in file names and notes paths (`90d-2026-11-01`, `2026-10`: report/period.ts). */
  tag: string;
  /**
   * Timezone of every date the report shows: the period's (the workspace's), else the
   * workspace's own; the config file may override it (see `draftView`).
   */
  timezone: string;
  generatedAt: string;
}

/** One sentence of the executive summary: a claim in the report's language (docs/claims.md). */
export interface Finding {
  text: string;
  /** The news for the client: its gain good, a competitor's gain bad, no significant change neutral. */
  tone: Claim["tone"];
  /** The section whose figures it quotes: a draft notes file puts it there (docs/notes.md). */
  section: Extract<SectionKey, ClaimSection>;
  claim: Claim;
}

export interface ContentMapModel {
  topics: Topic[];
  unclassified: number;
  sites: Site[];
  untapped: Topic[];
  /** Coverage gaps that are not untapped (an untapped topic is flagged as both by the API). */
  gaps: Topic[];
}

export interface ContentModel {
  views: ContentViews;
  /** Count of items per REST status across the views. */
  byStatus: Record<string, number>;
}

/** A quoted answer: an opportunity's latest gap answer, or a win's latest answer naming the brand. */
export interface EvidenceItem {
  kind: "gap" | "win";
  promptText: string;
  platform: AnswerFull["platform"];
  collectedAt: string;
  segments: Segment[];
  /** Tracked competitors the answer names. */
  competitors: string[];
  /** A win's prompt mention rate, and its change when the comparison period allows one. */
  mentionRate: number | null;
  delta: number | null;
}

/** The typed model every renderer reads; built with no I/O from `ReportData`. */
export interface ReportModel {
  cover: CoverFacts;
  sections: Available<ApiSections>;
  contentMap: Available<ContentMapModel>;
  content: Available<ContentModel>;
  competitorsTracked: Available<number>;
  /** Prompts where competitors are named and the brand is not, ranked, with suggested actions. */
  opportunities: Available<Opportunity[]>;
  /** The same prompts grouped by what they share, one action per theme (docs/claims.md). */
  themes: Available<OpportunityTheme[]>;
  evidence: Available<EvidenceItem[]>;
  /** The agency's targets checked against the report (docs/targets.md); empty when none are set. */
  targets: Available<TargetCheck[]>;
  /** The agency's change log against the period (docs/changes.md); null without one or without the report. */
  changes: ChangeLogModel | null;
  /** Which platforms collected less than the others in the period (docs/claims.md, "Data coverage"). */
  coverage: Coverage;
  /** The agency's page: wins, risks, next steps, work delivered (docs/agency.md). */
  agency: AgencyModel;
  /** What the executive summary states, before it is words (docs/claims.md). */
  claims: Claim[];
  /** The claims as sentences in the report's language. */
  findings: Finding[];
  /** The section intros that quote figures, as claims said in the report's language (docs/claims.md). */
  intros: Finding[];
  /** Why some data is not in the report (a scope the key lacks), one sentence each, in report order. */
  omitted: string[];
}
