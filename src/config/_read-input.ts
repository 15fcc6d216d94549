import { readFile } from "node:fs/promises";
import { type ErrorCategory, VreportError } from "../contract/index.js";

/**
 * The text of an input file the agency names (notes, change log), or why it cannot be read in a
 * few words ("no such file", "a directory"), for an error that names the file.
 */
export async function readInput(file: string): Promise<{ text: string } | { why: string; cause: unknown }> {
  try {
    return { text: await readFile(file, "utf8") };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "a directory" : String(code ?? err);
    return { why, cause: err };
  }
}

/**
 * An input file the agency names that cannot be used (notes, change log): its code, the file, and
 * a message naming the line and what is wrong. The agency's to fix, so a usage error (exit 2).
 */
export class InputFileError<Code extends string> extends VreportError {
  constructor(
    readonly code: Code,
    readonly file: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  override get category(): ErrorCategory {
    return "usage";
  }
}
