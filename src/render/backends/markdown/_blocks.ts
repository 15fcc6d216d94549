import type { Lang } from "../../../format/i18n/index.js";
import { formatIn } from "../../../format/i18n/value.js";
import { escapeMarkdown, markdownHref } from "../../../format/markdown-escape.js";
import { noteMarkdown } from "../../../format/note-markup.js";
import type { ValueType } from "../../../format/value-type.js";
import type { Segment } from "../../../report/excerpt.js";
import { cellTone, kpiTone } from "../../change-tone.js";
import { changeNote } from "../../kpi-change.js";
import type { Block, Column, Kpi, Tone } from "../../types.js";
import type { Slugger } from "./_slug.js";

/** Figures read better right-aligned, so their columns are. */
const NUMERIC: ReadonlySet<ValueType> = new Set(["percent", "delta_pp", "count", "delta_count", "number"]);

/** Where a block puts its chart PNG: the file name in the asset directory and the relative href. */
export interface ChartTarget {
  fileName: string;
  href: string;
}

/** What block rendering needs from the document: anchors for sub-headings and chart file names. */
export interface BlockContext {
  slugger: Slugger;
  chartTarget(chartId: string): ChartTarget;
  /** The report's language: every figure and header word (docs/i18n.md). */
  lang: Lang;
}

/** One GFM table row; every cell is escaped, so a `|` inside a cell never adds a column. */
function row(cells: string[]): string {
  return `| ${cells.join(" | ")} |`;
}

/** A GFM table: header, alignment row, body rows (their cells already Markdown, escaped). */
function table(headers: string[], aligns: ("left" | "right")[], body: string[][]): string[] {
  return [
    row(headers.map(escapeMarkdown)),
    row(aligns.map((a) => (a === "right" ? "---:" : "---"))),
    ...body.map(row),
  ];
}

/** Escaped text in italics ("*" around nothing would not be emphasis, so empty text stays empty). */
export function italic(text: string): string {
  const escaped = escapeMarkdown(text);
  return escaped === "" ? "" : `*${escaped}*`;
}

/** KPIs as a table: metric, value, previous period, change, and the change's interval and significance. */
function kpiTable(items: Kpi[], versus: string, lang: Lang): string[] {
  const w = lang.m.kpis;
  return table(
    [w.metric, w.value, versus, w.change, w.significance],
    ["left", "right", "right", "right", "left"],
    items.map((k) => [
      escapeMarkdown(k.label),
      escapeMarkdown(formatIn(lang, k.type, k.value)),
      escapeMarkdown(formatIn(lang, k.type, k.previous)),
      // Greyed on the KPI card: in italics here.
      greyed(formatIn(lang, k.deltaType, k.delta), kpiTone(k)),
      escapeMarkdown(changeNote(k, lang)),
    ]),
  );
}

/**
 * A figure as Markdown: in italics where the PDF greys it (not significant, not tested, or zero:
 * render/change-tone.ts), since Markdown has no colour (the methodology says so).
 */
function greyed(text: string, tone: Tone): string {
  return tone === "neutral" ? italic(text) : escapeMarkdown(text);
}

/** A data table, or its empty text in italics when it has no rows. */
function dataTable(b: Extract<Block, { kind: "table" }>, ctx: BlockContext): string[] {
  const out: string[] = [];
  if (b.title !== undefined) {
    ctx.slugger.slug(b.title);
    out.push(`### ${escapeMarkdown(b.title)}`, "");
  }
  if (b.rows.length === 0) out.push(italic(b.emptyText));
  else {
    const cols: Column[] = b.columns;
    out.push(
      ...table(
        cols.map((c) => c.label),
        cols.map((c) => (NUMERIC.has(c.type) ? "right" : "left")),
        b.rows.map((r) =>
          cols.map((c) => greyed(formatIn(ctx.lang, c.type, r[c.key] ?? null), cellTone(c, r))),
        ),
      ),
    );
  }
  if (b.note !== undefined && b.note.trim() !== "") out.push("", italic(b.note));
  return out;
}

/** Renders one block as Markdown lines (no trailing blank line). */
export function renderBlock(b: Block, ctx: BlockContext): string[] {
  switch (b.kind) {
    case "kpis":
      return kpiTable(b.items, b.versus, ctx.lang);
    case "table":
      return dataTable(b, ctx);
    case "chart": {
      const { href } = ctx.chartTarget(b.chart.id);
      const title = escapeMarkdown(b.chart.title);
      // The title twice: as a caption readers see, and as alt text for screen readers. An empty
      // caption is left out: "****" alone on a line would be a horizontal rule.
      return [...(title === "" ? [] : [`**${title}**`, ""]), `![${title}](${href})`];
    }
    case "paragraph":
      return [b.aside ? italic(b.text) : escapeMarkdown(b.text)];
    case "bullets":
      return b.items.map((item) => `- ${escapeMarkdown(item)}`);
    case "notice":
      return [`> ${escapeMarkdown(b.text)}`];
    case "quote":
      return [
        `**${escapeMarkdown(b.title)}**${ctx.lang.m.colon} ${italic(b.source)}`,
        "",
        `> ${quoted(b.segments)}`,
      ];
    case "note":
      return noteMarkdown(b.markdown);
    case "legend":
      // Markdown colours no figure (a change reads "+1.2 pp" whoever gains), so it has no colours to explain.
      return [];
  }
}

/**
 * An excerpt with the brand's names in bold and the competitors' in italics. Each run is escaped
 * on its own, keeping the spaces around it (the escaper trims), so no run can open markup.
 */
function quoted(segments: readonly Segment[]): string {
  return segments
    .map((s) => {
      const text = escapeMarkdown(s.text);
      const lead = /^\s/.test(s.text) ? " " : "";
      const tail = /\s$/.test(s.text) ? " " : "";
      // A run of spaces only keeps one.
      if (text === "") return lead || tail;
      const marked = s.mark === "brand" ? `**${text}**` : s.mark === "competitor" ? `*${text}*` : text;
      return `${lead}${marked}${tail}`;
    })
    .join("");
}

/** The relative href of an asset file. */
export function assetHref(assetDir: string, fileName: string): string {
  return markdownHref(`${assetDir}/${fileName}`);
}
