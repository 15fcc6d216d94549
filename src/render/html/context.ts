import Handlebars from "handlebars";
import { type Lang, langOf } from "../../format/i18n/index.js";
import { formatIn } from "../../format/i18n/value.js";
import { noteHtml } from "../../format/note-markup.js";
import type { ValueType } from "../../format/value-type.js";
import { cellTone, kpiTone } from "../change-tone.js";
import { chartImage } from "../chart-image.js";
import { changeNote, hasChange, isMuted } from "../kpi-change.js";
import type { Block, Kpi, ReportView, SectionView, Tone } from "../types.js";
import { layoutTable } from "./columns.js";
import { EMPTY_SLOT } from "./slot.js";

/** How a column is laid out: figures right-aligned and unbroken, free text wrapping, URLs breaking anywhere. */
export type CellStyle = "num" | "wrap" | "url" | "label" | "fixed";

const CELL_STYLE: Record<ValueType, CellStyle> = {
  percent: "num",
  delta_pp: "num",
  count: "num",
  delta_count: "num",
  number: "num",
  text: "wrap", // prompts, titles: untrusted and possibly one long word
  url: "url", // one long word: breaks at any character
  platform: "label", // "Google AI Overviews" wraps between words, never inside one
  date: "fixed",
  boolean: "fixed",
  status: "label",
};
/** A table cell as the templates see it. */
export interface TableCell {
  text: string;
  style: CellStyle;
  tone: Tone;
}

/** A row group of a table: `keep` forbids a page break inside it; `even` marks the zebra rows. */
export interface TableBody {
  keep: boolean;
  rows: { even: boolean; cells: TableCell[] }[];
}

/** The fewest rows of a table a page break may leave on either side of it. */
export const MIN_ROWS_AT_BREAK = 3;
/** A table of at most this many rows is never broken across pages. */
export const SHORT_TABLE_ROWS = 2 * MIN_ROWS_AT_BREAK;

/**
 * The row groups of a table: one kept group when short; else the first and last
 * MIN_ROWS_AT_BREAK rows each a kept group around the rows between, which may break anywhere.
 * Chromium honours `break-inside: avoid` on a row group (print.css), where orphans and widows
 * do not apply to table rows.
 */
export function tableBodies(rows: TableCell[][]): TableBody[] {
  const group = (from: number, to: number, keep: boolean): TableBody => ({
    keep,
    rows: rows.slice(from, to).map((cells, i) => ({ even: (from + i) % 2 === 1, cells })),
  });
  const n = rows.length;
  if (n <= SHORT_TABLE_ROWS) return [group(0, n, true)];
  const last = n - MIN_ROWS_AT_BREAK;
  return [group(0, MIN_ROWS_AT_BREAK, true), group(MIN_ROWS_AT_BREAK, last, false), group(last, n, true)];
}

/** A block as the templates see it: every figure already formatted by `formatIn` (format/i18n/value.ts). */
export type BlockContext =
  | {
      kind: "kpis";
      items: {
        label: string;
        value: string;
        previous: string;
        delta: string;
        /** What the change means for the client (render/change-tone.ts). */
        tone: Tone;
        /** Greyed: the change is not significant. */
        muted: boolean;
        note: string;
        /** Whether there is a change to show ("+1.9 pp vs 28.5 %"): not without a previous value. */
        compare: boolean;
        /** "vs" before the previous value, in the report's language. */
        versus: string;
      }[];
    }
  | {
      kind: "table";
      title: string | null;
      /** Printed in the smaller table font (wide tables). */
      dense: boolean;
      /** `type` names the column's class (`col--date`); `width` is its share of the table in percent. */
      columns: { label: string; style: CellStyle; type: ValueType; width: number }[];
      rows: TableCell[][];
      /**
       * The rows in row groups (tbody) as they may break across pages: a short table is one group
       * kept whole; a longer one keeps its first and last MIN_ROWS_AT_BREAK rows together, so a
       * page break never leaves fewer than that on either side (docs/decisions.md, "Table breaks").
       */
      bodies: TableBody[];
      /** Kept on one page (at most SHORT_TABLE_ROWS rows). */
      whole: boolean;
      emptyText: string;
      note: string | null;
    }
  /** `alt`: the chart's alternative text from its data (render/chart-alt.ts), the tagged PDF's figure text. */
  | { kind: "chart"; title: string; alt: string; src: string; width: number; height: number }
  | { kind: "paragraph"; text: string; aside: boolean }
  | { kind: "bullets"; items: string[] }
  | { kind: "notice"; text: string }
  | { kind: "quote"; title: string; source: string; segments: { text: string; mark: string | null }[] }
  /**
   * The agency's note as HTML from format/note-markup.ts (every text escaped, raw HTML off): a
   * SafeString, so note.hbs inserts it with {{ }} as it inserts the stylesheet, never a triple-stash.
   */
  | { kind: "note"; html: Handlebars.SafeString }
  | { kind: "legend"; items: { tone: Tone; text: string }[] };

/** A section as the templates see it. */
export interface SectionContext {
  key: string;
  anchor: string;
  number: string;
  title: string;
  blocks: BlockContext[];
}

/** The cover as the templates see it. */
export interface CoverContext {
  title: string;
  project: string;
  brand: string;
  brandDomain: string;
  range: string;
  period: string;
  previous: string;
  asOf: string;
  timezone: string;
  agency: string;
  footerText: string;
  /**
   * Whether the cover says "Prepared by …": not when the agency's footer line names the agency
   * already ("Confidential: prepared by Northwind Digital" beside "Prepared by Northwind Digital").
   */
  showPreparedBy: boolean;
  logoUri: string | null;
  /** The account manager's name and contacts (docs/agency.md), or null. */
  accountManager: string | null;
  /** On a review copy (`generate --draft`), the mark the cover shows as every other page does. */
  draft: string | null;
  /** The cover's words in the report's language (docs/i18n.md). */
  labels: {
    eyebrow: string;
    brand: string;
    project: string;
    period: string;
    previousPeriod: string;
    asOf: string;
    timezone: string;
    preparedBy: string;
    accountManager: string;
  };
}

/** Everything the layout template reads, except the stylesheet. */
export interface DocumentContext {
  lang: string;
  /** The contents' heading in the report's language. */
  contentsTitle: string;
  cover: CoverContext;
  toc: { anchor: string; number: string; title: string; page: string }[];
  /** A review copy's list of what the self-check found (docs/claims.md); null otherwise. */
  review: { title: string; intro: string; items: readonly string[] } | null;
  sections: SectionContext[];
}

/** A `data:` URI; the only kind of URL the printed page may load. */
export function dataUri(mime: string, bytes: Uint8Array): string {
  return `data:${mime};base64,${Buffer.from(bytes).toString("base64")}`;
}

function kpi(k: Kpi, lang: Lang) {
  const delta = formatIn(lang, k.deltaType, k.delta);
  return {
    label: k.label,
    value: formatIn(lang, k.type, k.value),
    previous: formatIn(lang, k.type, k.previous),
    delta,
    // Good or bad news for the client; grey when not significant (docs/metrics.md).
    tone: kpiTone(k),
    muted: isMuted(k),
    note: changeNote(k, lang),
    // No previous value (no comparison, or no answers then): the card shows no "— vs —" line.
    compare: hasChange(k),
    versus: lang.m.pdf.versus,
  };
}

function block(b: Block, widthMm: number, lang: Lang): BlockContext {
  switch (b.kind) {
    case "kpis":
      return { kind: "kpis", items: b.items.map((k) => kpi(k, lang)) };
    case "table": {
      const rows = b.rows.map((row) =>
        b.columns.map((c) => {
          const text = formatIn(lang, c.type, row[c.key] ?? null);
          return { text, style: CELL_STYLE[c.type], tone: cellTone(c, row) };
        }),
      );
      const layout = layoutTable(
        b.columns,
        rows.map((r) => r.map((cell) => cell.text)),
        widthMm,
      );
      return {
        kind: "table",
        title: b.title ?? null,
        dense: layout.dense,
        columns: b.columns.map((c, i) => ({
          label: c.label,
          style: CELL_STYLE[c.type],
          type: c.type,
          width: layout.widths[i]!,
        })),
        rows,
        bodies: tableBodies(rows),
        whole: rows.length <= SHORT_TABLE_ROWS,
        emptyText: b.emptyText,
        note: b.note ?? null,
      };
    }
    case "chart": {
      const c = b.chart;
      return {
        kind: "chart",
        title: c.title,
        alt: c.alt,
        src: dataUri("image/svg+xml", chartImage(c, "svg")),
        width: c.width,
        height: c.height,
      };
    }
    case "paragraph":
      return { kind: "paragraph", text: b.text, aside: b.aside === true };
    case "notice":
      return { kind: "notice", text: b.text };
    case "bullets":
      return { kind: "bullets", items: b.items };
    case "quote":
      return { kind: "quote", title: b.title, source: b.source, segments: b.segments };
    case "note":
      return { kind: "note", html: new Handlebars.SafeString(noteHtml(b.markdown)) };
    case "legend":
      return { kind: "legend", items: b.items };
  }
}

/** Anchor of the n-th section: index-based, so any section key or title gives a valid PDF name. */
export function anchorOf(index: number): string {
  return `sec-${index + 1}`;
}

function section(s: SectionView, i: number, widthMm: number, lang: Lang): SectionContext {
  const blocks = s.blocks.map((b) => block(b, widthMm, lang));
  return { key: s.key, anchor: anchorOf(i), number: String(i + 1), title: s.title, blocks };
}

/**
 * The template context of a view printed `widthMm` wide (the text column); `draft` marks a review
 * copy; `paged` leaves a page-number slot per contents line (the PDF), else none (the HTML).
 */
export function documentContext(
  view: ReportView,
  widthMm: number,
  draft = false,
  paged = true,
): DocumentContext {
  const c = view.cover;
  const b = view.branding;
  const lang = langOf(b.locale);
  const { f } = lang;
  const w = lang.m.cover;
  const sections = view.sections.map((s, i) => section(s, i, widthMm, lang));
  return {
    lang: lang.locale,
    contentsTitle: lang.m.pdf.contents,
    review:
      draft && view.review && view.review.length > 0
        ? { title: lang.m.draft.reviewTitle, intro: lang.m.draft.reviewIntro, items: view.review }
        : null,
    cover: {
      title: c.title,
      project: c.project,
      brand: c.brand,
      brandDomain: c.brandDomain,
      range: c.range,
      period: `${f.date(c.periodStart)} – ${f.date(c.periodEnd)}`,
      previous: `${f.date(c.previousStart)} – ${f.date(c.previousEnd)}`,
      asOf: f.date(c.asOf),
      timezone: c.timezone,
      agency: b.agencyName,
      footerText: b.footerText ?? "",
      showPreparedBy: !(b.footerText ?? "").toLocaleLowerCase().includes(b.agencyName.toLocaleLowerCase()),
      logoUri: b.logo ? dataUri(b.logo.mime, b.logo.data) : null,
      accountManager: c.accountManager ?? null,
      draft: draft ? lang.m.draft.mark : null,
      labels: {
        eyebrow: w.eyebrow,
        brand: w.brand,
        project: w.project,
        period: w.period,
        previousPeriod: lang.m.versus[c.compare].label,
        asOf: w.asOf,
        timezone: w.timezone,
        preparedBy: w.preparedByAgency(b.agencyName),
        accountManager: w.accountManager,
      },
    },
    toc: sections.map((s) => ({
      anchor: s.anchor,
      number: s.number,
      title: s.title,
      // Filled in after printing (backends/pdf/_contents.ts); a screen has no pages.
      page: paged ? EMPTY_SLOT : "",
    })),
    sections,
  };
}
