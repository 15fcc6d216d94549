/**
 * A file a write command reads, named on its command line. The command opens it itself (so the
 * caller can read it, and it is a regular file: a named pipe would block the read for ever) and
 * sends its path with its identity (device, inode). Whoever runs the operation — this process, or
 * a running `serve` over the admin channel — reads that path only if it is still that file: a
 * path means something else in the service (`/proc/self/environ` is the service's own), and a
 * service must never read, for a caller, a file the caller could not have named.
 */
import { stat } from "node:fs/promises";
import { isAbsolute, resolve } from "node:path";
import { z } from "zod";
import { ImportError, openRegularFile } from "../service/import/index.js";
import { CliError, EXIT } from "./errors.js";

/** The file's absolute path and identity, as a command sends it. */
export const InputFile = z.object({
  file: z.string().refine(isAbsolute, "must be an absolute path"),
  identity: z.object({ dev: z.number().int().nonnegative(), ino: z.number().int().nonnegative() }),
});
export type InputFile = z.infer<typeof InputFile>;

/** Opens `path` as the caller (readable, a regular file) and returns what the operation checks. */
export async function inputFile(path: string): Promise<InputFile> {
  let file: Awaited<ReturnType<typeof openRegularFile>>;
  try {
    file = await openRegularFile(path);
  } catch (error) {
    if (error instanceof ImportError) throw new CliError(error.message, EXIT.usage, { cause: error });
    throw error;
  }
  try {
    const { dev, ino } = await file.stat();
    return { file: resolve(path), identity: { dev, ino } };
  } finally {
    await file.close();
  }
}

/** Throws (exit 2) unless `input.file` is still the regular file the command opened. */
export async function checkInputFile(input: InputFile): Promise<void> {
  const found = await stat(input.file).catch(() => undefined);
  if (!found?.isFile() || found.dev !== input.identity.dev || found.ino !== input.identity.ino)
    throw new CliError(
      `cannot read ${input.file}: not the regular file the command named (moved, replaced, or not readable here)`,
      EXIT.usage,
    );
}
