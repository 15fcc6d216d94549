import ExcelJS from "exceljs";
import { dayIn } from "../contract/index.js";
import { platformName } from "../format/figures.js";
import { safeText, xmlSafe } from "../render/cell-text.js";
import type { PeriodAnswer } from "../report/fetch-answers.js";

/** The answers workbook's one sheet and its columns (header in row 1, pivot-ready like the report's). */
const COLUMNS: { header: string; width: number; numFmt?: string }[] = [
  { header: "Day", width: 12, numFmt: "yyyy-mm-dd" },
  { header: "Collected (UTC)", width: 19, numFmt: "yyyy-mm-dd hh:mm:ss" },
  { header: "Prompt", width: 50 },
  { header: "Category", width: 22 },
  { header: "Platform", width: 20 },
  { header: "Status", width: 10 },
  { header: "Mentions brand", width: 10 },
  { header: "Cites brand", width: 10 },
  { header: "Competitors mentioned", width: 30 },
  { header: "Cited URLs", width: 50 },
  { header: "Answer", width: 80 },
];

const text = (s: string | null) => (s === null ? null : safeText(xmlSafe(s)));
const midnightUtc = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * Streams every answer into `file` as a one-sheet workbook, row by row (exceljs' streaming writer
 * flushes rows as they are committed, so memory stays flat however many answers there are; no
 * images, no shared strings). Returns how many answers it holds.
 */
export async function writeAnswersWorkbook(
  answers: AsyncIterable<PeriodAnswer>,
  file: string,
  timezone: string,
): Promise<number> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: true,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet("Answers", { views: [{ state: "frozen", ySplit: 1, xSplit: 0 }] });
  ws.columns = COLUMNS.map((c) => ({
    header: c.header,
    width: c.width,
    style: c.numFmt ? { numFmt: c.numFmt } : {},
  }));
  ws.getRow(1).font = { bold: true };
  let n = 0;
  for await (const a of answers) {
    const at = new Date(a.collectedAt);
    ws.addRow([
      midnightUtc(dayIn(timezone, at)),
      at,
      text(a.prompt),
      text(a.category),
      platformName(a.platform),
      a.status,
      a.brandMentioned,
      a.brandCited,
      text(a.competitors),
      text(a.citedUrls),
      text(a.text),
    ]).commit();
    n++;
  }
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: n + 1, column: COLUMNS.length } };
  ws.commit();
  await wb.commit();
  return n;
}
