import type {
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

/** A piece of fetched data, or the reason it is missing (said in words in the report, never zeros). */
export type Available<T> = { ok: true; value: T } | { ok: false; reason: string; scope?: Scope };

/** Content items of the three views. */
export interface ContentViews {
  IDEAS: ContentItem[];
  PLANNED: ContentItem[];
  PRODUCED: ContentItem[];
}

/** Everything fetched from the API for one report: the only input of `buildModel`. */
export interface ReportData {
  range: FullReport["range"];
  project: Project;
  workspace: Available<Workspace>;
  setup: Available<VisibilitySetup>;
  report: Available<FullReport>;
  topics: Available<{ topics: Topic[]; unclassified: number }>;
  sites: Available<Site[]>;
  content: Available<ContentViews>;
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
  /**
   * Timezone of every date the report shows: the period's (the workspace's), else the
   * workspace's own; the config file may override it (see `draftView`).
   */
  timezone: string;
  generatedAt: string;
}

/** One sentence of the executive summary, with the direction it reports. */
export interface Finding {
  text: string;
  tone: "positive" | "negative" | "neutral";
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

/** The typed model every renderer reads; built with no I/O from `ReportData`. */
export interface ReportModel {
  cover: CoverFacts;
  sections: Available<ApiSections>;
  contentMap: Available<ContentMapModel>;
  content: Available<ContentModel>;
  competitorsTracked: Available<number>;
  findings: Finding[];
  /** Why some data is not in the report (a scope the key lacks), one sentence each, in report order. */
  omitted: string[];
}
