import ExcelJS from "exceljs";
import { FULL, type Presentation } from "../../../config/presentation.js";
import { langOf } from "../../../format/i18n/index.js";
import { clientView, technicalTables } from "../../technical.js";
import type { ReportView } from "../../types.js";
import { aboutSheet, SheetNamer, workbookSheets } from "../../workbook-sheets.js";
import type { Backend } from "../backend.js";
import { writeAboutSheet } from "./_about.js";
import { PAGE_SETUP, writeDataSheet } from "./_data-sheet.js";
import { writeTechnicalSheet } from "./_technical.js";
import { xmlSafeView } from "./_xml-safe.js";
import { zipNatively } from "./_zip.js";
import { xlsx } from "./meta.js";

/**
 * Builds the workbook in memory: About first (cover facts, contents, every section's text,
 * charts), then one data sheet per table in report order, the methodology's last, then in the
 * full profile the technical sheet (docs/architecture.md, "The workbook"). The workbook always
 * holds every section and row; a review copy (`draft`) says so under About's title. No I/O.
 */
export function buildWorkbook(
  complete: ReportView,
  presentation: Presentation = FULL,
  options: { draft?: boolean } = {},
): ExcelJS.Workbook {
  const untrusted = xmlSafeView(complete);
  // What only the agency reads is on no data sheet: on the technical sheet in the full profile,
  // nowhere in a client's workbook (render/technical.ts).
  const view = clientView(untrusted);
  const wb = new ExcelJS.Workbook();
  const c = view.cover;
  const created = new Date(c.generatedAt);
  wb.title = c.title;
  const lang = langOf(view.branding.locale);
  wb.subject = `${lang.m.cover.eyebrow} ${c.range}`;
  wb.creator = view.branding.agencyName;
  wb.lastModifiedBy = view.branding.agencyName;
  wb.company = view.branding.agencyName;
  // Dates from the view, not the clock, so the same view gives the same workbook.
  if (!Number.isNaN(created.getTime())) {
    wb.created = created;
    wb.modified = created;
  }

  const sheets = workbookSheets(view);
  const sheet = (name: string) => wb.addWorksheet(name, { pageSetup: PAGE_SETUP });
  writeAboutSheet(wb, sheet(aboutSheet(view)), view, sheets, options.draft ?? false);
  for (const s of sheets) writeDataSheet(sheet(s.name), s.table, lang);
  if (presentation.profile === "full") {
    const namer = new SheetNamer();
    for (const name of [aboutSheet(view), ...sheets.map((s) => s.name)]) namer.take(name);
    writeTechnicalSheet(
      sheet(namer.take(lang.m.workbook.technical)),
      technicalTables(untrusted.sections),
      presentation,
      lang,
    );
  }
  return wb;
}

// Written uncompressed, then zipped by Node's zlib (_zip.ts): JSZip's JavaScript deflate was most
// of a workbook's writing time.
const STORE: Partial<ExcelJS.XlsxWriteOptions> = { zip: { compression: "STORE" } };

/** The XLSX backend: the workbook is built and serialized in memory. */
export const backend: Backend<"xlsx"> = {
  ...xlsx,
  async render(view, options) {
    const wb = buildWorkbook(view, options.presentation, { draft: options.draft ?? false });
    const stored = await wb.xlsx.writeBuffer(STORE);
    // Dated as the workbook says it was created: the report's day (buildWorkbook).
    const data = await zipNatively(new Uint8Array(stored as ArrayBuffer), wb.created);
    return [{ path: `${view.name}.xlsx`, data }];
  },
};
