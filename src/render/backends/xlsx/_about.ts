import type ExcelJS from "exceljs";
import type { Presentation } from "../../../config/presentation.js";
import { notePlainText } from "../../../format/note-markup.js";
import { safeText } from "../../cell-text.js";
import { chartImage } from "../../chart-image.js";
import { DRAFT_MARK, DRAFT_NOTICE } from "../../draft-mark.js";
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

/** Said under the facts, so nobody mistakes the workbook for the trimmed page formats. */
export const COMPLETE_NOTE =
  "This workbook holds every section and every row of the report, whatever the profile. " +
  "Each table is on a sheet of its own, with its header in row 1 and only data below it.";

/** A fact as a typed cell: dates as real dates, anything else as inert text. */
function writeFact(ws: ExcelJS.Worksheet, row: number, label: string, value: string, isDate = false): number {
  writeLine(ws, row, label, LABEL);
  const cell = ws.getCell(row, 2);
  const date = isDate ? toExcelDate(value) : null;
  cell.value = date ?? safeText(value || "not available");
  cell.style = date ? FACT_DATE : value ? PLAIN : NOTE;
  return row + 1;
}

function writeFacts(
  ws: ExcelJS.Worksheet,
  row: number,
  view: ReportView,
  presentation: Presentation,
): number {
  const c = view.cover;
  const facts: [string, string, boolean?][] = [
    ["Project", c.project],
    ["Brand", c.brand],
    ["Brand domain", c.brandDomain],
    ["Range", c.range],
    ["Period start", c.periodStart, true],
    ["Period end", c.periodEnd, true],
    ["Previous period start", c.previousStart, true],
    ["Previous period end", c.previousEnd, true],
    ["As of", c.asOf, true],
    ["Timezone", c.timezone],
    ["Prepared by", view.branding.agencyName],
    ["Generated at", c.generatedAt],
    ["Profile", presentation.profile],
  ];
  return facts.reduce((r, [label, value, isDate]) => writeFact(ws, r, label, value, isDate), row);
}

/** The contents: one row per data sheet, with its row count and its note or "no data" text. */
function contentsTable(sheets: readonly DataSheet[]): TableBlock {
  return {
    kind: "table",
    id: "contents",
    columns: [
      { key: "sheet", label: "Sheet", type: "text" },
      { key: "section", label: "Section", type: "text" },
      { key: "table", label: "Table", type: "text" },
      { key: "rows", label: "Rows", type: "count" },
      { key: "note", label: "Note", type: "text" },
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
function notesTable(view: ReportView): TableBlock {
  return {
    kind: "table",
    id: "notes",
    columns: [
      { key: "section", label: "Section", type: "text" },
      { key: "note", label: "Note", type: "text" },
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
 * Fills the About sheet: title, cover facts and profile, the agency's notes, the contents (every
 * data sheet with its row count), then each section's text (executive summary, KPIs, notices,
 * methodology) under its title, then every chart of the report as an image.
 */
export function writeAboutSheet(
  wb: ExcelJS.Workbook,
  ws: ExcelJS.Worksheet,
  view: ReportView,
  sheets: readonly DataSheet[],
  presentation: Presentation,
  draft = false,
): void {
  const layout = newLayout();
  writeLine(ws, 1, view.cover.title, HEADING);
  if (draft) writeLine(ws, 2, `${DRAFT_MARK}: ${DRAFT_NOTICE}`, DRAFT);
  let r = writeFacts(ws, 3, view, presentation);
  r = writeNarrative(ws, r, COMPLETE_NOTE, layout, true) + 1;
  // The agency's commentary before the contents: it is what the analyst wrote for this report.
  const notes = notesTable(view);
  if (notes.rows.length > 0) {
    writeLine(ws, r++, "Notes", SUBHEADING);
    r = writeGrid(ws, r, notes) + 2;
    mergeWidths(layout.widths, contentWidths(notes));
  }
  writeLine(ws, r++, "Contents", SUBHEADING);
  const contents = contentsTable(sheets);
  r = writeGrid(ws, r, contents) + 2;
  mergeWidths(layout.widths, contentWidths(contents));
  // Report order: the executive summary and KPIs read first, the methodology last.
  for (const s of view.sections) {
    const text = s.blocks.filter(isNarrative);
    if (text.length === 0) continue;
    writeLine(ws, r++, s.title, SUBHEADING);
    for (const b of text) r = writeBlock(ws, r, b, layout);
    r++;
  }
  const charts = view.sections.flatMap((s) => s.blocks.flatMap((b) => (b.kind === "chart" ? [b.chart] : [])));
  if (charts.length > 0) {
    writeLine(ws, r++, "Charts", SUBHEADING);
    for (const chart of charts) r = writeChart(wb, ws, r, chart);
  }
  layout.widths[0] = Math.max(layout.widths[0] ?? 0, 24);
  layout.widths[1] = Math.max(layout.widths[1] ?? 0, 26);
  finishSheet(ws, layout);
}
