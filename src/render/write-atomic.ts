import { randomBytes } from "node:crypto";
import { rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/**
 * A temporary name next to `path`: same directory so `rename` stays on one filesystem (atomic),
 * dot-prefixed so a half-written file is hidden, pid + random so concurrent writers never collide.
 */
export function tempPathFor(path: string): string {
  const suffix = randomBytes(6).toString("hex");
  return join(dirname(path), `.${basename(path)}.${process.pid}.${suffix}.tmp`);
}

/** Lets `write` fill a temporary file, then renames it onto `path`; on failure removes it and throws. */
export async function withAtomicOutput(
  path: string,
  write: (tmpPath: string) => Promise<void>,
): Promise<void> {
  const tmp = tempPathFor(path);
  try {
    await write(tmp);
    await rename(tmp, path);
  } catch (error) {
    // force: the writer may have failed before creating the file at all. The original error is
    // rethrown unchanged: writers throw their own typed errors, which callers map to exit codes.
    await rm(tmp, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** Writes `data` to `path` through a temporary file and a rename, so readers never see a partial file. */
export async function writeFileAtomic(path: string, data: Uint8Array | string): Promise<void> {
  await withAtomicOutput(path, (tmp) => writeFile(tmp, data));
}
