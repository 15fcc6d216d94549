/** Reads NDJSON input line by line, numbering physical lines from 1 (blank lines keep their numbers). */
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { IngestError } from "./errors.js";

/** One line of input and its 1-based number. */
export interface NumberedLine {
  line: number;
  text: string;
}

/** Lines of a file path or a readable stream, without their line endings (CRLF too). */
export async function* readLines(input: string | NodeJS.ReadableStream): AsyncGenerator<NumberedLine> {
  const stream = typeof input === "string" ? createReadStream(input, { encoding: "utf8" }) : input;
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  try {
    for await (const text of lines) {
      line++;
      yield { line, text: line === 1 ? text.replace(/^\uFEFF/, "") : text };
    }
  } catch (cause) {
    const name = typeof input === "string" ? input : "input stream";
    throw new IngestError("INPUT_UNREADABLE", `cannot read ${name}: ${(cause as Error).message}`, { cause });
  } finally {
    lines.close();
  }
}
