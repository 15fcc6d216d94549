import { readFile } from "node:fs/promises";

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
