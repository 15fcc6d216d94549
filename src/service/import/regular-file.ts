/**
 * Opening an input that must be a regular file. A named pipe (FIFO) would block the open until
 * something writes to it, and be read once where an import reads twice; a device or a /proc file
 * is not an export. The open is non-blocking (a FIFO opens at once instead of waiting for a
 * writer) and the type is checked on the opened descriptor, so the file read is the file checked.
 */
import { constants } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { ImportError } from "./errors.js";

/** Opens `path` for reading; throws INPUT_UNREADABLE when it cannot be read or is not a regular file. */
export async function openRegularFile(path: string): Promise<FileHandle> {
  let file: FileHandle;
  try {
    file = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT" ? "no such file" : code === "EACCES" ? "permission denied" : (cause as Error).message;
    throw new ImportError("INPUT_UNREADABLE", `cannot read ${path}: ${why}`, { cause });
  }
  try {
    const stat = await file.stat();
    if (!stat.isFile())
      throw new ImportError(
        "INPUT_UNREADABLE",
        `cannot read ${path}: not a regular file (${kindOf(stat)}); save the data to a file first`,
      );
    return file;
  } catch (error) {
    await file.close().catch(() => undefined);
    throw error;
  }
}

function kindOf(stat: import("node:fs").Stats): string {
  if (stat.isFIFO()) return "a named pipe";
  if (stat.isDirectory()) return "a folder";
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device";
  if (stat.isSocket()) return "a socket";
  return "not a file";
}
