/**
 * Streams the records of a CSV file with their row numbers, as a spreadsheet numbers them: the
 * header is row 1, the first record row 2, a blank line is a row too, and a quoted cell spanning
 * lines stays one row. csv-parse reads with backpressure, so memory holds one record at a time.
 *
 * The parser splits bytes (every supported encoding but UTF-16 keeps `,` `"` and newlines at their
 * ASCII bytes; UTF-16 is turned into UTF-8 first), and each cell is decoded on its own by a strict
 * decoder: a byte sequence the encoding does not allow fails the import naming its row and
 * column, instead of becoming U+FFFD in the database.
 */
import { Transform } from "node:stream";
import { CsvError, parse } from "csv-parse";
import { ImportError } from "./errors.js";
import { openRegularFile } from "./regular-file.js";

/** One record: its spreadsheet row number and its fields. */
export interface CsvRow {
  row: number;
  cells: string[];
}

/** The encodings `--encoding` accepts (docs/import.md, "Encoding"). */
export const ENCODINGS = ["utf-8", "windows-1252", "latin1", "utf-16", "utf-16le", "utf-16be"] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Options of the reader. */
export interface ReadRowsOptions {
  /** Field separator (default `,`). */
  delimiter?: string;
  /** Longest record accepted, in bytes (default 16 Mi): a runaway quote stops the read there. */
  maxRecordChars?: number;
  /** The file's encoding (default UTF-8). */
  encoding?: Encoding;
}

/** The largest record read by default: far above a real answer, far below the machine's memory. */
export const DEFAULT_MAX_RECORD_CHARS = 16 * 1024 * 1024;

/** Whether `label` is an encoding the reader takes (case-insensitive; `utf8` for `utf-8`). */
export function encodingOf(label: string): Encoding | undefined {
  const name = label
    .trim()
    .toLowerCase()
    .replace(/^utf8$/, "utf-8");
  return (ENCODINGS as readonly string[]).includes(name) ? (name as Encoding) : undefined;
}

/** How the encoding is named in a message. */
const SHOWN: Record<Encoding, string> = {
  "utf-8": "UTF-8",
  "windows-1252": "Windows-1252",
  latin1: "Latin-1",
  "utf-16": "UTF-16",
  "utf-16le": "UTF-16LE",
  "utf-16be": "UTF-16BE",
};

/**
 * Yields every record of `path` (the header first, as row 1); blank lines are skipped but counted.
 * Throws INPUT_UNREADABLE when the file cannot be read or is not a regular file (a named pipe, a
 * device), CSV_SYNTAX with the line of a malformed record (unclosed quote, record over the limit),
 * BAD_ENCODING with the row and column of a cell that is not text in the file's encoding.
 */
export async function* readRows(path: string, options: ReadRowsOptions = {}): AsyncGenerator<CsvRow> {
  const encoding = options.encoding ?? "utf-8";
  const file = await openRegularFile(path);
  const bytes = file.createReadStream();
  const utf16 = encoding.startsWith("utf-16");
  const source = utf16 ? bytes.pipe(utf16ToUtf8(path, encoding)) : bytes;
  const parser = source.pipe(
    parse({
      // Bytes out: decoded per cell below, where a bad sequence can be placed. The UTF-8 byte
      // order mark is taken off the first cell by its decoder, UTF-16's by the transcoder.
      encoding: null,
      bom: false,
      delimiter: options.delimiter ?? ",",
      relax_column_count: true,
      skip_empty_lines: false,
      max_record_size: options.maxRecordChars ?? DEFAULT_MAX_RECORD_CHARS,
    }),
  );
  // pipe() does not forward the source's errors: hand them to the parser.
  bytes.on("error", (error: Error) => parser.destroy(error));
  if (source !== bytes) source.on("error", (error: Error) => parser.destroy(error));
  // windows-1252 and latin1 decode every byte (WHATWG: latin1 is read as windows-1252).
  const decoder = new TextDecoder(utf16 ? "utf-8" : encoding, { fatal: true });
  let header: string[] = [];
  let row = 0;
  try {
    for await (const raw of parser as AsyncIterable<Buffer[]>) {
      row++;
      const cells = raw.map((cell, i) => {
        try {
          return decoder.decode(cell);
        } catch {
          const column = header[i]?.trim() ? `column ${header[i]?.trim()}` : `column ${i + 1}`;
          throw new ImportError(
            "BAD_ENCODING",
            `${path}: row ${row}, ${column}: not ${SHOWN[encoding]} text` +
              (encoding === "utf-8"
                ? " (saved by an older tool? pass --encoding windows-1252, latin1 or utf-16)"
                : " (pass the file's --encoding)"),
          );
        }
      });
      if (row === 1) header = cells;
      if (cells.length === 1 && cells[0]?.trim() === "") continue;
      yield { row, cells };
    }
  } catch (error) {
    if (error instanceof ImportError) throw error;
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
    bytes.destroy();
    parser.destroy();
    await file.close().catch(() => undefined);
  }
}

/**
 * UTF-16 bytes to UTF-8 bytes, strictly (an unpaired surrogate is BAD_ENCODING). `utf-16` reads
 * the byte order mark (FE FF: big-endian), else little-endian, as Windows writes it.
 */
function utf16ToUtf8(path: string, encoding: Encoding): Transform {
  let decoder: TextDecoder | undefined;
  let offset = 0;
  const decode = (chunk: Buffer, stream: boolean): Buffer => {
    if (!decoder) {
      const bigEndian =
        encoding === "utf-16be" || (encoding === "utf-16" && chunk[0] === 0xfe && chunk[1] === 0xff);
      decoder = new TextDecoder(bigEndian ? "utf-16be" : "utf-16le", { fatal: true });
    }
    try {
      return Buffer.from(decoder.decode(chunk, { stream }), "utf8");
    } catch {
      throw new ImportError(
        "BAD_ENCODING",
        `${path}: not ${SHOWN[encoding]} text (an unpaired surrogate in bytes ${offset}–${offset + chunk.length})`,
      );
    } finally {
      offset += chunk.length;
    }
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        done(null, decode(chunk, true));
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        done(null, decode(Buffer.alloc(0), false));
      } catch (error) {
        done(error as Error);
      }
    },
  });
}
