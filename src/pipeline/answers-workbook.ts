import { once } from "node:events";
import { createWriteStream } from "node:fs";
import type { Writable } from "node:stream";
import ExcelJS from "exceljs";
import { dayIn } from "../contract/index.js";
import { platformName } from "../format/figures.js";
import { safeText, xmlSafe } from "../render/cell-text.js";
import type { PeriodAnswer } from "../report/fetch-answers.js";
import { abortable } from "./abortable.js";

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

/**
 * Waits until the zip has taken in what the sheet has written. exceljs' streaming writer passes
 * the sheet's XML to the zip compressor without waiting for it (its buffer's `write` never says
 * "full"), so a producer faster than the compressor piles the uncompressed sheet up in memory
 * (750 MB for 100,000 answers of 1.5 KB when measured). The compressor's input stream is the sheet
 * stream's pipe (exceljs 4.4 internals: `worksheet.stream.pipes`); waiting for its `drain` keeps
 * memory bounded by a few of its 64 KB chunks, whatever the number of answers.
 */
async function drained(ws: ExcelJS.Worksheet): Promise<void> {
  const sink = (ws as unknown as { stream?: { pipes?: Sink[] } }).stream?.pipes?.[0];
  // archiver's streams come from the readable-stream package, whose `_writableState` says it.
  if (sink && (sink.writableNeedDrain || sink._writableState?.needDrain)) await once(sink, "drain");
}

type Sink = Writable & { _writableState?: { needDrain?: boolean } };

const text = (s: string | null) => (s === null ? null : safeText(xmlSafe(s)));
const midnightUtc = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * Streams every answer into `file` as a one-sheet workbook, row by row (exceljs' streaming writer
 * flushes rows as they are committed, so memory stays flat however many answers there are; no
 * images, no shared strings). Returns how many answers it holds. A failed write (a full disk:
 * ENOSPC) or an abort of `signal` rejects at once; the file is left for the caller to remove.
 */
export async function writeAnswersWorkbook(
  answers: AsyncIterable<PeriodAnswer>,
  file: string,
  timezone: string,
  signal?: AbortSignal,
): Promise<number> {
  // Our own file stream, watched: exceljs listens for its errors only in its final commit, so a
  // write that failed earlier (ENOSPC) went unheard while the zip, no longer drained, stopped, and
  // the run waited on it for ever (holding the database lock of an embedded service).
  const out = createWriteStream(file);
  const stopped = new AbortController();
  const onAbort = () => stopped.abort(signal?.reason);
  signal?.addEventListener("abort", onAbort, { once: true });
  out.once("error", (error) => stopped.abort(error));
  if (signal?.aborted) onAbort();
  /**
   * `work`, or the stream's failure (or the abort) as soon as it happens. Each wait listens on the
   * signal only while it lasts: racing every row against one long-lived promise kept a reaction,
   * and with it the row, per answer until the end (out of a 128 MB heap before 60,000 answers).
   */
  const unless = <T>(work: Promise<T>): Promise<T> => abortable(work, stopped.signal);
  const rows = answers[Symbol.asyncIterator]();
  try {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
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
    for (;;) {
      const next = await unless(rows.next());
      if (next.done) break;
      const a = next.value;
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
      if (n % 100 === 0) await unless(drained(ws));
    }
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: n + 1, column: COLUMNS.length } };
    ws.commit();
    await unless(wb.commit());
    return n;
  } catch (error) {
    // The answers' fetch stops with the run (not awaited: a fetch in flight may never end).
    rows.return?.(undefined).catch(() => undefined);
    throw error;
  } finally {
    signal?.removeEventListener("abort", onAbort);
    if (!out.writableFinished) out.destroy();
  }
}
