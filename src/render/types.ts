import type { Branding } from "../config/branding.js";
import type { Presentation } from "../config/presentation.js";
import type { SectionKey } from "../config/section-keys.js";
import type { Compare } from "../contract/calendar-periods.js";
import type { Plural } from "../format/i18n/index.js";
import type { CellValue, ValueType } from "../format/value-type.js";
import type { Segment } from "../report/excerpt.js";

/**
 * The format-neutral view of a report. Section drafters (sections/) turn the ReportModel into
 * these views; every backend renders only views, so a number is formatted in one place
 * (`format/figures.ts`) for all formats and a backend cannot drift from the others.
 */

/**
 * Whose figure a change is (render/change-tone.ts): the client's own (its gain is good news), a
 * tracked competitor's (its gain is bad news), or nobody's (answers collected: neither).
 */
export type Whose = "client" | "competitor" | "neutral";

/**
 * How a column says whose its changes are: one owner for every row, or the row's boolean field
 * `clientWhen` (true: the client's row, else a competitor's), for a table that lists both.
 */
export type WhoseOf = Whose | { clientWhen: string };

/**
 * A figure's colour by its meaning for the client (render/change-tone.ts): `good` (green) and
 * `bad` (red) news, `neutral` (grey) for a change that is not significant (or not tested), prints
 * as zero or is nobody's, `warn` (amber) for a target at risk, `none` for a figure that is no change.
 */
export type Tone = "good" | "bad" | "neutral" | "warn" | "none";

/** A table column: `key` indexes the row record. */
export interface Column {
  key: string;
  label: string;
  type: ValueType;
  /** Only in the workbook (sample sizes, interval bounds): the page formats drop it (present.ts). */
  workbookOnly?: boolean;
  /**
   * Only in the page formats: a figure the workbook holds otherwise (an interval as text where the
   * workbook has its bounds as numbers); the workbook's data sheets drop it.
   */
  pageOnly?: boolean;
  /** Text that reads as one figure (an interval): printed on one line, as figures are. */
  nowrap?: boolean;
  /**
   * For a change: the row field saying whether it is significant (docs/metrics.md, "Intervals
   * and significance"); a change that is not is printed grey, never as a rise or a fall.
   */
  significance?: string;
  /** Whose its changes are; the client's when absent (render/change-tone.ts). */
  whose?: WhoseOf;
  /**
   * Describes the comparison beside the changes (the previous period's value, whether a change is
   * significant): withheld with the change columns when the comparison period has no data or only
   * partly (render/withhold-changes.ts).
   */
  comparison?: boolean;
  /**
   * Internal to the agency's tooling (a rule's or an agent's name, a pipeline status): never on
   * the page formats nor in a client's workbook; the full profile's workbook lists it on its
   * technical sheet (render/technical.ts).
   */
  technical?: boolean;
}

export type Row = Record<string, CellValue>;

/** A headline number with its comparison. */
export interface Kpi {
  label: string;
  value: number | null;
  type: "percent" | "count";
  previous: number | null;
  delta: number | null;
  deltaType: "delta_pp" | "delta_count";
  /** Whose figure it is; the client's when absent (render/change-tone.ts). */
  whose?: Whose;
  /**
   * A rate's change with its 95 % interval and significance (docs/metrics.md, "Intervals and
   * significance"), and the sample behind it; absent for counts.
   */
  change?: {
    low: number | null;
    high: number | null;
    significant: boolean;
    answers: number;
    prompts: number;
  };
}

/** A chart to draw: backends never compute data, only draw this. */
export interface ChartSpec {
  id: string; // unique in the report, used for asset file names
  title: string;
  /**
   * The chart's alternative text, from its data (render/chart-alt.ts): the tagged PDF's figure
   * says it to a reader who cannot see the image (docs/accessibility.md).
   */
  alt: string;
  type: "line" | "bar" | "horizontal_bar" | "stacked_bar" | "doughnut";
  labels: string[];
  datasets: {
    label: string;
    data: (number | null)[];
    color?: string;
    /** The previous period's values of dataset `previousOf`: drawn faint, in its colour. */
    previousOf?: number;
  }[];
  valueType: "percent" | "count";
  /**
   * Labelled vertical lines at points of a line chart (the agency's changes, docs/changes.md):
   * `index` is the position in `labels`, fractional between two points (a change dated inside a week).
   */
  markers?: { index: number; label: string }[];
  /**
   * The client's own bar of a bar chart (share of voice), whose label says whose it is
   * ("Brightwave (yours)"): drawn in the series colour, the other bars grey.
   */
  highlight?: { index: number };
  /** The locale of the axis ticks and value labels ("40 %" in de-DE); en-US when absent. */
  locale?: string;
  /** Display size in CSS pixels; the PNG is drawn at 2× this, the SVG at this. */
  width: number;
  height: number;
}

/**
 * The kinds of image a chart is drawn as: a PNG at 2× its display size (Markdown, XLSX) or
 * vector SVG (PDF: sharp at any zoom, and far cheaper for Chromium to print than a bitmap).
 */
export const CHART_IMAGE_KINDS = ["png", "svg"] as const;
export type ChartImageKind = (typeof CHART_IMAGE_KINDS)[number];

/** A chart once drawn, in each image kind the backends being rendered use (chart-image.ts). */
export interface RenderedChart extends ChartSpec {
  images: Partial<Record<ChartImageKind, Uint8Array>>;
}

export type Block =
  /** `versus`: the header of the compared period's column ("Previous period", "A year earlier"). */
  | { kind: "kpis"; items: Kpi[]; versus: string }
  | {
      kind: "table";
      id: string;
      title?: string;
      columns: Column[];
      rows: Row[];
      emptyText: string;
      note?: string;
      /** Only in the workbook: the page formats show the same data otherwise (quotes). */
      workbookOnly?: boolean;
      /** Some of a longer list (the latest answers): the note says which; the workbook's About says so. */
      sample?: boolean;
      /** Never cut to the section's row count: the agency's own short list (docs/changes.md). */
      complete?: boolean;
      /** What a row is, for the note of a cut table ("Top 5 of 8 themes"); default the section's. */
      unit?: Plural;
      /** Internal as a whole (see `Column.technical`): only on the full profile's technical sheet. */
      technical?: boolean;
    }
  | { kind: "chart"; chart: RenderedChart }
  /**
   * Running text. An `aside` says where more is (a table whose rows are all in the workbook): set
   * small and muted as a table's note is, not as the section's prose.
   */
  | {
      kind: "paragraph";
      text: string;
      aside?: true;
      /**
       * A sentence sending the reader to the workbook: the page formats add it when the run makes
       * the workbook and leave it out when it does not (render/present.ts); the workbook, which it
       * would name, does not print it.
       */
      workbookPointer?: string;
    }
  | { kind: "bullets"; items: string[] }
  /**
   * A quoted answer: `title` (the prompt) and `source` (platform, day, why it is quoted) above
   * the excerpt, whose brand and competitor names are marked. The workbook lists quotes as a
   * table of their own instead.
   */
  | { kind: "quote"; title: string; source: string; segments: Segment[] }
  /** The section's data is missing (a scope the key lacks, an empty period): said in words, never zeros. */
  | { kind: "notice"; text: string }
  /**
   * The agency's note on the section (docs/notes.md), first in its section: untrusted Markdown,
   * which each backend renders through format/note-markup.ts.
   */
  | { kind: "note"; markdown: string }
  /**
   * What the colours of changes mean for the client (render/legend.ts): once per report, after
   * the first block that colours a change as good or bad news.
   */
  | { kind: "legend"; items: { tone: Tone; text: string }[] };

export interface SectionView {
  key: SectionKey;
  title: string;
  blocks: Block[];
}

/** The cover facts, shared by every backend (title page, workbook properties, Markdown heading). */
export interface CoverView {
  title: string; // e.g. "AI visibility report — Acme"
  workspace: string;
  project: string;
  brand: string;
  brandDomain: string;
  range: string; // 7d | 30d | 90d
  periodStart: string; // YYYY-MM-DD
  periodEnd: string;
  previousStart: string;
  previousEnd: string;
  /** What the previous days are: the period before, or the same days a year earlier. */
  compare: Compare;
  asOf: string; // YYYY-MM-DD
  timezone: string;
  generatedAt: string; // ISO date-time
  /** The agency's account manager and how to reach them (docs/agency.md); absent when not given. */
  accountManager?: string;
}

export interface ReportView {
  /** File stem: <project-slug>-ai-visibility-<range>-<as-of> */
  name: string;
  /**
   * What the report's self-check could not resolve (docs/claims.md), one line each for the agency:
   * listed in a review copy only (`generate --draft`), never in the final report.
   */
  review?: readonly string[];
  cover: CoverView;
  branding: Branding;
  sections: SectionView[];
}

export interface RenderOptions {
  pageSize?: "A4" | "Letter";
  landscape?: boolean;
  /** What the page formats show (profile, sections, rows); default every section and row. */
  presentation?: Presentation;
  /** A review copy (`generate --draft`, docs/notes.md): every PDF page says "DRAFT", the others under their title. */
  draft?: boolean;
  /**
   * A tagged, accessible PDF (`generate --accessible` or the config's `accessible`,
   * docs/accessibility.md): printed in one document with its structure tree; other formats ignore it.
   */
  accessible?: boolean;
}

/** A block before its chart is drawn: section drafters stay pure and synchronous. */
export type DraftBlock = Exclude<Block, { kind: "chart" }> | { kind: "chart"; spec: ChartSpec };

/** A section as a renderer produces it. */
export interface SectionDraft {
  key: SectionKey;
  title: string;
  blocks: DraftBlock[];
}
