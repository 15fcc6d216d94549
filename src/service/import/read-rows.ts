/**
 * Streams the records of a CSV file with their row numbers, as a spreadsheet numbers them: the
 * header is row 1, the first record row 2, a blank line is a row too, and a quoted cell spanning
 * lines stays one row. csv-parse reads with backpressure, so memory holds one record at a time.
 */
import { createReadStream } from "node:fs";
import { CsvError, parse } from "csv-parse";
import { ImportError } from "./errors.js";

/** One record: its spreadsheet row number and its fields. */
export interface CsvRow {
  row: number;
  cells: string[];
}

/** Options of the reader. */
export interface ReadRowsOptions {
  /** Field separator (default `,`). */
  delimiter?: string;
  /** Longest record accepted, in characters (default 16 Mi): a runaway quote stops the read there. */
  maxRecordChars?: number;
}

/** The largest record read by default: far above a real answer, far below the machine's memory. */
export const DEFAULT_MAX_RECORD_CHARS = 16 * 1024 * 1024;

/**
 * Yields every record of `path` (the header first, as row 1); blank lines are skipped but counted.
 * Throws CSV_SYNTAX with the line of a malformed record (unclosed quote, record over the limit),
 * INPUT_UNREADABLE when the file cannot be read.
 */
export async function* readRows(path: string, options: ReadRowsOptions = {}): AsyncGenerator<CsvRow> {
  const source = createReadStream(path);
  const parser = source.pipe(
    parse({
      bom: true,
      delimiter: options.delimiter ?? ",",
      relax_column_count: true,
      skip_empty_lines: false,
      max_record_size: options.maxRecordChars ?? DEFAULT_MAX_RECORD_CHARS,
    }),
  );
  // pipe() does not forward the source's errors (a missing file): hand them to the parser.
  source.on("error", (error) => parser.destroy(error));
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      row++;
      if (cells.length === 1 && cells[0]?.trim() === "") continue;
      yield { row, cells };
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const line = typeof error.lines === "number" ? `line ${error.lines}` : `after row ${row}`;
      throw new ImportError("CSV_SYNTAX", `${path}: ${line}: ${error.message}`, { cause: error });
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "EACCES" || code === "EISDIR")
      throw new ImportError("INPUT_UNREADABLE", `cannot read ${path}: ${(error as Error).message}`, {
        cause: error,
      });
    throw error;
  } finally {
    source.destroy();
    parser.destroy();
  }
}
