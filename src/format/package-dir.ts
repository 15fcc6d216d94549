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
