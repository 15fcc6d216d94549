import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { InvariantError } from "../contract/index.js";

/**
 * The vreport package's own folder (package.json, templates/), found by walking up from the
 * calling module. The TypeScript sources, the compiled tree and the CLI bundle (dist/cli, one
 * folder of chunks) sit at different depths below it, so no fixed `../..` holds for all three.
 */
export function packageDir(moduleUrl: string): string {
  const start = dirname(fileURLToPath(moduleUrl));
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json")) && existsSync(join(dir, "templates"))) return dir;
    // Only a broken install or bundle gets here: the package always ships package.json and templates/.
    if (dirname(dir) === dir) throw new InvariantError(`vreport's package folder not found above ${start}`);
  }
}

/**
 * The compiled script `file` (`./name.js`) beside the module at `moduleUrl`, for a worker thread
 * to run; null when running from the TypeScript sources (the tests of other modules), where Node
 * cannot start a .ts worker and the caller does the work inline. The CLI's bundle puts such
 * scripts beside the chunk that starts them (scripts/bundle.mjs).
 */
export function builtScript(moduleUrl: string, file: string): URL | null {
  const url = new URL(file, moduleUrl);
  return moduleUrl.endsWith(".js") && existsSync(fileURLToPath(url)) ? url : null;
}
