import type ExcelJS from "exceljs";
import type { Lang } from "../../../format/i18n/index.js";
import { safeText } from "../../cell-text.js";
import { kpiTone } from "../../change-tone.js";
import type { Block, Column, Kpi } from "../../types.js";
import { toCell, wrappedHeight } from "./_cells.js";
import { HEADER, NARRATIVE, NARRATIVE_NOTE, styleFor, toned } from "./_styles.js";
import { mergeWidths, writeLine } from "./_table.js";

/** What a sheet's writers share: column widths so far, and wrapped text merged and sized last. */
export interface SheetLayout {
  widths: number[];
  narrative: { row: number; text: string }[];
}

/** A fresh, empty layout. */
export function newLayout(): SheetLayout {
  return { widths: [], narrative: [] };
}

// Paragraphs are merged across enough columns for lines of about this many characters.
const NARRATIVE_CHARS = 100;
// Excel's default column is 8.43 characters wide.
const DEFAULT_WIDTH = 8.43;

/** The KPI table's header in the report's language. */
function kpiColumns(versus: string, lang: Lang): Column[] {
  const w = lang.m.kpis;
  return [
    { key: "label", label: w.metric, type: "text" },
    { key: "value", label: w.value, type: "text" },
    { key: "previous", label: versus, type: "text" },
    { key: "delta", label: w.change, type: "text" },
    // A rate's change: its 95 % interval, significance and sample (docs/metrics.md); empty for counts.
    { key: "low", label: w.changeLow, type: "text" },
    { key: "high", label: w.changeHigh, type: "text" },
    { key: "significant", label: w.significant, type: "text" },
    { key: "answers", label: w.answers, type: "text" },
    { key: "prompts", label: w.prompts, type: "text" },
  ];
}

/** Writes wrapped text; `finishSheet` merges it across columns and estimates its height. */
export function writeNarrative(
  ws: ExcelJS.Worksheet,
  row: number,
  text: string,
  layout: SheetLayout,
  notice = false,
  style: Partial<ExcelJS.Style> = notice ? NARRATIVE_NOTE : NARRATIVE,
): number {
  const value = safeText(text);
  writeLine(ws, row, value, style);
  layout.narrative.push({ row, text: value });
  return row + 1;
}

/** Writes KPIs as a small typed table (value, previous, change); returns the next free row. */
function writeKpis(
  ws: ExcelJS.Worksheet,
  row: number,
  { items, versus }: Extract<Block, { kind: "kpis" }>,
  layout: SheetLayout,
  lang: Lang,
): number {
  const header = ws.getRow(row);
  const columns = kpiColumns(versus, lang);
  const pp = lang.f.style.pp;
  columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.value = c.label;
    cell.style = HEADER;
  });
  let r = row + 1;
  for (const k of items) {
    const line = ws.getRow(r++);
    const cells: [ExcelJS.CellValue, Partial<ExcelJS.Style>][] = [
      [safeText(k.label), styleFor("text")],
      [toCell(k.type, k.value), styleFor(k.type)],
      [toCell(k.type, k.previous), styleFor(k.type)],
      // The change in the colour of its meaning for the client (render/change-tone.ts).
      [toCell(k.deltaType, k.delta), toned(styleFor(k.deltaType, false, pp), kpiTone(k))],
      [toCell(k.deltaType, k.change?.low ?? null), styleFor(k.deltaType, false, pp)],
      [toCell(k.deltaType, k.change?.high ?? null), styleFor(k.deltaType, false, pp)],
      [toCell("boolean", k.change?.significant ?? null), styleFor("boolean")],
      [toCell("count", k.change?.answers ?? null), styleFor("count")],
      [toCell("count", k.change?.prompts ?? null), styleFor("count")],
    ];
    cells.forEach(([value, style], i) => {
      if (value === null) return; // an unknown figure stays empty, never a zero
      const cell = line.getCell(i + 1);
      cell.value = value;
      cell.style = style;
    });
  }
  const labels = Math.max(...items.map((k) => k.label.length), 8);
  mergeWidths(layout.widths, [labels + 2, 12, 16, 12, 16, 16, 12, 10, 10]);
  return r;
}

/**
 * The blocks the About sheet writes as text under their section; tables get data sheets, charts
 * are drawn once, and notes are listed together in About's Notes block.
 */
export type NarrativeBlock = Exclude<Block, { kind: "table" } | { kind: "chart" } | { kind: "note" }>;

/** Whether a block is narrative (written on the About sheet). */
export function isNarrative(block: Block): block is NarrativeBlock {
  return block.kind !== "table" && block.kind !== "chart" && block.kind !== "note";
}

/** Writes a narrative block and returns the next free row. */
export function writeBlock(
  ws: ExcelJS.Worksheet,
  row: number,
  block: NarrativeBlock,
  layout: SheetLayout,
  lang: Lang,
): number {
  switch (block.kind) {
    case "paragraph":
      return writeNarrative(ws, row, block.text, layout);
    case "bullets":
      return block.items.reduce((r, item) => writeNarrative(ws, r, `• ${item}`, layout), row);
    case "notice":
      return writeNarrative(ws, row, block.text, layout, true);
    case "kpis":
      return writeKpis(ws, row, block, layout, lang);
    case "quote":
      // The section's workbook-only table lists the quotes, one row each, on its own sheet.
      return row;
    case "legend":
      // Each line in its own colour, as the data sheets colour the changes.
      return block.items.reduce(
        (r, item) => writeNarrative(ws, r, `■ ${item.text}`, layout, false, toned(NARRATIVE, item.tone)),
        row,
      );
  }
}

/** Applies the collected column widths and estimates the height of wrapped merged text. */
export function finishSheet(ws: ExcelJS.Worksheet, layout: SheetLayout): void {
  layout.widths.forEach((w, i) => {
    ws.getColumn(i + 1).width = Math.max(w, 8);
  });
  // Neither Excel nor LibreOffice sizes rows of merged cells, so estimate the wrapped line count.
  let chars = 0;
  let span = 0;
  while (chars < NARRATIVE_CHARS && span < 30) chars += Math.max(layout.widths[span++] ?? DEFAULT_WIDTH, 8);
  for (const { row, text } of layout.narrative) {
    if (span > 1) ws.mergeCells(row, 1, row, span);
    const height = wrappedHeight(text, chars);
    if (height) ws.getRow(row).height = height;
  }
}
