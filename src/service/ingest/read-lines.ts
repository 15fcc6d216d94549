/** Reads NDJSON input line by line, numbering physical lines from 1 (blank lines keep their numbers). */
import { createReadStream } from "node:fs";
import { IngestError } from "./errors.js";

/** The longest line read by default (docs/ingest.md, "Limits"); `--max-line-mb` raises it. */
export const DEFAULT_MAX_LINE_BYTES = 1_048_576;

/** One line of input and its 1-based number; a line over the limit comes without its text. */
export type NumberedLine =
  | { line: number; text: string; bytes: number }
  | { line: number; text: null; bytes: number };

const NEWLINE = 0x0a;

/**
 * Lines of a file path or a readable stream, without their line endings (CRLF too). Memory stays
 * bounded by `maxLineBytes`: the bytes of a longer line are counted, not kept, and it is yielded
 * with `text: null` so the caller can refuse it by number. Splitting on the newline byte is safe
 * in UTF-8, where no multi-byte character contains it.
 */
export async function* readLines(
  input: string | NodeJS.ReadableStream,
  maxLineBytes: number = DEFAULT_MAX_LINE_BYTES,
): AsyncGenerator<NumberedLine> {
  const stream = typeof input === "string" ? createReadStream(input) : input;
  let parts: Buffer[] = [];
  let bytes = 0;
  let line = 0;
  const finish = (): NumberedLine => {
    line++;
    const counted = bytes;
    const kept = bytes <= maxLineBytes ? Buffer.concat(parts) : null;
    parts = [];
    bytes = 0;
    if (kept === null) return { line, text: null, bytes: counted };
    let text = kept.toString("utf8");
    if (text.endsWith("\r")) text = text.slice(0, -1);
    if (line === 1) text = text.replace(/^\uFEFF/, "");
    return { line, text, bytes: counted };
  };
  try {
    for await (const chunk of stream) {
      const buffer = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : (chunk as Buffer);
      for (let start = 0; start < buffer.length; ) {
        const newline = buffer.indexOf(NEWLINE, start);
        const end = newline === -1 ? buffer.length : newline;
        bytes += end - start;
        if (bytes <= maxLineBytes) parts.push(buffer.subarray(start, end));
        else parts = [];
        if (newline === -1) break;
        yield finish();
        start = newline + 1;
      }
    }
    if (bytes > 0 || parts.length > 0) yield finish();
  } catch (cause) {
    const name = typeof input === "string" ? input : "input stream";
    throw new IngestError("INPUT_UNREADABLE", `cannot read ${name}: ${(cause as Error).message}`, { cause });
  }
}
