import type ExcelJS from "exceljs";
import type { Presentation } from "../../../config/presentation.js";
import type { Lang } from "../../../format/i18n/index.js";
import type { TechnicalTable } from "../../technical.js";
import { finishSheet, newLayout, writeNarrative } from "./_blocks.js";
import { HEADING, LABEL, PLAIN, TITLE } from "./_styles.js";
import { contentWidths, mergeWidths, writeGrid, writeLine } from "./_table.js";

/**
 * The full profile's technical sheet (render/technical.ts): what only the agency reads, never in
 * a client's workbook. The report's profile, then each internal table under "Section – Table":
 * the rule behind each suggested action, the agent behind each content idea, the content
 * pipeline's own statuses.
 */
export function writeTechnicalSheet(
  ws: ExcelJS.Worksheet,
  tables: readonly TechnicalTable[],
  presentation: Presentation,
  lang: Lang,
): void {
  const layout = newLayout();
  const w = lang.m.workbook;
  writeLine(ws, 1, w.technical, HEADING);
  let r = writeNarrative(ws, 2, w.technicalNote, layout, true) + 1;
  writeLine(ws, r, lang.m.cover.profile, LABEL);
  const cell = ws.getCell(r++, 2);
  cell.value = presentation.profile;
  cell.style = PLAIN;
  r++;
  for (const { section, table } of tables) {
    writeLine(ws, r++, table.title ? `${section.title} – ${table.title}` : section.title, TITLE);
    r = writeGrid(ws, r, table, lang) + 2;
    mergeWidths(layout.widths, contentWidths(table, lang.f.style.pp));
  }
  layout.widths[0] = Math.max(layout.widths[0] ?? 0, 24);
  finishSheet(ws, layout);
}
