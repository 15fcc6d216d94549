import type ExcelJS from "exceljs";
import { chartImage } from "../../chart-image.js";
import type { RenderedChart, ReportView, SectionView } from "../../types.js";
import { finishSheet, newLayout, type SheetLayout, writeBlock } from "./_blocks.js";
import { safeText, toExcelDate } from "./_cells.js";
import { PLACEMENT } from "./_placement.js";
import { writeTables } from "./_section-sheet.js";
import { HEADING, LABEL, NOTE, PLAIN, SUBHEADING, TITLE } from "./_styles.js";
import type { TableBlock } from "./_table.js";
import { writeLine } from "./_table.js";

// Facts read as a left-aligned column; numbers' right alignment would set dates apart from text.
const FACT_DATE: Partial<ExcelJS.Style> = { numFmt: "yyyy-mm-dd", alignment: { horizontal: "left" } };

// Excel's default row is 15 pt = 20 px: how many rows an image of a given height covers.
const ROW_PX = 20;

/** A fact as a typed cell: dates as real dates, anything else as inert text. */
function writeFact(ws: ExcelJS.Worksheet, row: number, label: string, value: string, isDate = false): number {
  writeLine(ws, row, label, LABEL);
  const cell = ws.getCell(row, 2);
  const date = isDate ? toExcelDate(value) : null;
  cell.value = date ?? safeText(value || "not available");
  cell.style = date ? FACT_DATE : value ? PLAIN : NOTE;
  return row + 1;
}

function writeFacts(ws: ExcelJS.Worksheet, row: number, view: ReportView): number {
  const c = view.cover;
  let r = row;
  r = writeFact(ws, r, "Project", c.project);
  r = writeFact(ws, r, "Brand", c.brand);
  r = writeFact(ws, r, "Brand domain", c.brandDomain);
  r = writeFact(ws, r, "Range", c.range);
  r = writeFact(ws, r, "Period start", c.periodStart, true);
  r = writeFact(ws, r, "Period end", c.periodEnd, true);
  r = writeFact(ws, r, "Previous period start", c.previousStart, true);
  r = writeFact(ws, r, "Previous period end", c.previousEnd, true);
  r = writeFact(ws, r, "As of", c.asOf, true);
  r = writeFact(ws, r, "Timezone", c.timezone);
  r = writeFact(ws, r, "Prepared by", view.branding.agencyName);
  r = writeFact(ws, r, "Generated at", c.generatedAt);
  return r;
}

/** Writes one folded section under a sub-heading: its blocks, then any tables. */
function writeFolded(ws: ExcelJS.Worksheet, row: number, s: SectionView, layout: SheetLayout): number {
  writeLine(ws, row, s.title, SUBHEADING);
  let r = row + 1;
  for (const b of s.blocks) if (b.kind !== "table" && b.kind !== "chart") r = writeBlock(ws, r, b, layout);
  const tables = s.blocks.filter((b): b is TableBlock => b.kind === "table");
  if (tables.length > 0) r = writeTables(ws, r + 1, tables, layout);
  return r + 1;
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
 * Fills the Summary sheet: cover facts, the executive summary and summary sections (KPIs with
 * previous values and changes), then every chart of the report as an image.
 */
export function writeSummarySheet(wb: ExcelJS.Workbook, ws: ExcelJS.Worksheet, view: ReportView): void {
  const layout = newLayout();
  writeLine(ws, 1, view.cover.title, HEADING);
  let r = writeFacts(ws, 3, view) + 1;
  // The executive summary reads first, as on the PDF cover; then the KPIs behind it.
  const folded = [...view.sections]
    .filter((s) => PLACEMENT[s.key] === "summary")
    .sort((a, b) => Number(b.key === "executive_summary") - Number(a.key === "executive_summary"));
  for (const s of folded) r = writeFolded(ws, r, s, layout);
  const charts = view.sections.flatMap((s) => s.blocks.flatMap((b) => (b.kind === "chart" ? [b.chart] : [])));
  if (charts.length > 0) {
    writeLine(ws, r++, "Charts", SUBHEADING);
    for (const chart of charts) r = writeChart(wb, ws, r, chart);
  }
  layout.widths[0] = Math.max(layout.widths[0] ?? 0, 24);
  layout.widths[1] = Math.max(layout.widths[1] ?? 0, 26);
  finishSheet(ws, layout);
}
