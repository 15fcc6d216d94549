import type ExcelJS from "exceljs";
import { type Lang, langOf } from "../../../format/i18n/index.js";
import { notePlainText } from "../../../format/note-markup.js";
import { safeText } from "../../cell-text.js";
import { chartImage } from "../../chart-image.js";
import type { RenderedChart, ReportView } from "../../types.js";
import type { DataSheet } from "../../workbook-sheets.js";
import { finishSheet, isNarrative, newLayout, writeBlock, writeNarrative } from "./_blocks.js";
import { toExcelDate } from "./_cells.js";
import { DRAFT, HEADING, LABEL, NOTE, PLAIN, SUBHEADING, TITLE } from "./_styles.js";
import { contentWidths, mergeWidths, type TableBlock, writeGrid, writeLine } from "./_table.js";

// Facts read as a left-aligned column; numbers' right alignment would set dates apart from text.
const FACT_DATE: Partial<ExcelJS.Style> = { numFmt: "yyyy-mm-dd", alignment: { horizontal: "left" } };

// Excel's default row is 15 pt = 20 px: how many rows an image of a given height covers.
const ROW_PX = 20;

/** A fact as a typed cell: dates as real dates, anything else as inert text. */
function writeFact(
  ws: ExcelJS.Worksheet,
  row: number,
  fact: { label: string; value: string; isDate?: boolean | undefined },
  lang: Lang,
): number {
  const { label, value, isDate } = fact;
  writeLine(ws, row, label, LABEL);
  const cell = ws.getCell(row, 2);
  const date = isDate ? toExcelDate(value) : null;
  cell.value = date ?? safeText(value || lang.m.cover.notAvailable);
  cell.style = date ? FACT_DATE : value ? PLAIN : NOTE;
  return row + 1;
}

/** The cover facts; never the profile, an agency's word (the full profile's technical sheet names it). */
function writeFacts(ws: ExcelJS.Worksheet, row: number, view: ReportView, lang: Lang): number {
  const c = view.cover;
  const w = lang.m.cover;
  const facts: [string, string, boolean?][] = [
    [w.project, c.project],
    [w.brand, c.brand],
    [w.brandDomain, c.brandDomain],
    [w.range, c.range],
    [w.periodStart, c.periodStart, true],
    [w.periodEnd, c.periodEnd, true],
    [lang.m.versus[c.compare].start, c.previousStart, true],
    [lang.m.versus[c.compare].end, c.previousEnd, true],
    [w.asOf, c.asOf, true],
    [w.timezone, c.timezone],
    [w.preparedBy, view.branding.agencyName],
    ...(c.accountManager !== undefined ? [[w.accountManager, c.accountManager] as [string, string]] : []),
    // An ISO instant (UTC) as a reader writes one: the day as the report's language does, and the minute.
    [w.generatedAt, `${lang.f.date(c.generatedAt)} ${c.generatedAt.slice(11, 16)} UTC`],
  ];
  return facts.reduce((r, [label, value, isDate]) => writeFact(ws, r, { label, value, isDate }, lang), row);
}

/** The contents: one row per data sheet, with its row count and its note or "no data" text. */
function contentsTable(sheets: readonly DataSheet[], lang: Lang): TableBlock {
  const w = lang.m.workbook;
  return {
    kind: "table",
    id: "contents",
    columns: [
      { key: "sheet", label: w.sheet, type: "text" },
      { key: "section", label: w.section, type: "text" },
      { key: "table", label: w.table, type: "text" },
      { key: "rows", label: w.rows, type: "count" },
      { key: "note", label: w.note, type: "text" },
    ],
    rows: sheets.map(({ name, section, table }) => ({
      sheet: name,
      section: section.title,
      table: table.title ?? null,
      rows: table.rows.length,
      note: table.note ?? (table.rows.length === 0 ? table.emptyText : null),
    })),
    emptyText: "",
  };
}

/** The agency's notes (docs/notes.md) as plain text, one row per section that has one, in report order. */
function notesTable(view: ReportView, lang: Lang): TableBlock {
  return {
    kind: "table",
    id: "notes",
    columns: [
      { key: "section", label: lang.m.workbook.section, type: "text" },
      { key: "note", label: lang.m.workbook.note, type: "text" },
    ],
    rows: view.sections.flatMap((s) =>
      s.blocks.flatMap((b) =>
        b.kind === "note" ? [{ section: s.title, note: notePlainText(b.markdown) }] : [],
      ),
    ),
    emptyText: "",
  };
}

/** Places a chart PNG (drawn at 2×) at its display size below its title; returns the next free row. */
function writeChart(wb: ExcelJS.Workbook, ws: ExcelJS.Worksheet, row: number, chart: RenderedChart): number {
  writeLine(ws, row, chart.title, TITLE);
  const id = wb.addImage({
    buffer: Buffer.from(chartImage(chart, "png")) as unknown as ExcelJS.Buffer,
    extension: "png",
  });
  ws.addImage(id, { tl: { col: 0, row }, ext: { width: chart.width, height: chart.height } });
  return row + 1 + Math.ceil(chart.height / ROW_PX) + 1;
}

/**
 * Fills the About sheet: title, cover facts, the agency's notes, the contents (every
 * data sheet with its row count), then each section's text (executive summary, KPIs, notices,
 * methodology) under its title, then every chart of the report as an image.
 */
export function writeAboutSheet(
  wb: ExcelJS.Workbook,
  ws: ExcelJS.Worksheet,
  view: ReportView,
  sheets: readonly DataSheet[],
  draft = false,
): void {
  const layout = newLayout();
  const lang = langOf(view.branding.locale);
  const w = lang.m.workbook;
  writeLine(ws, 1, view.cover.title, HEADING);
  if (draft) writeLine(ws, 2, `${lang.m.draft.mark}: ${lang.m.draft.notice}`, DRAFT);
  let r = writeFacts(ws, 3, view, lang);
  r = writeNarrative(ws, r, w.complete, layout, true);
  // Complete but for a sample the API hands out (the latest answers): said here, not only on its sheet.
  for (const s of sheets) if (s.table.sample) r = writeNarrative(ws, r, w.sample(s.name), layout, true);
  r++;
  // The agency's commentary before the contents: it is what the analyst wrote for this report.
  const notes = notesTable(view, lang);
  if (notes.rows.length > 0) {
    writeLine(ws, r++, w.notes, SUBHEADING);
    r = writeGrid(ws, r, notes, lang) + 2;
    mergeWidths(layout.widths, contentWidths(notes, lang.f.style.pp));
  }
  writeLine(ws, r++, w.contents, SUBHEADING);
  const contents = contentsTable(sheets, lang);
  r = writeGrid(ws, r, contents, lang) + 2;
  mergeWidths(layout.widths, contentWidths(contents, lang.f.style.pp));
  // Report order: the executive summary and KPIs read first, the methodology last.
  for (const s of view.sections) {
    const text = s.blocks.filter(isNarrative);
    if (text.length === 0) continue;
    writeLine(ws, r++, s.title, SUBHEADING);
    for (const b of text) r = writeBlock(ws, r, b, layout, lang);
    r++;
  }
  const charts = view.sections.flatMap((s) => s.blocks.flatMap((b) => (b.kind === "chart" ? [b.chart] : [])));
  if (charts.length > 0) {
    writeLine(ws, r++, w.charts, SUBHEADING);
    for (const chart of charts) r = writeChart(wb, ws, r, chart);
  }
  layout.widths[0] = Math.max(layout.widths[0] ?? 0, 24);
  layout.widths[1] = Math.max(layout.widths[1] ?? 0, 26);
  finishSheet(ws, layout);
}
