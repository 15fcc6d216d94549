/**
 * Node 20 cannot load TypeScript, so the suites that run source code in child processes
 * transpile it first, as `npm run build` does (scripts/transpile.mjs: types stripped, one file at
 * a time, nothing bundled, nothing type-checked), into a temporary directory whose `node_modules`
 * links to the repository's.
 */
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { transpile, transpileTree } from "../scripts/transpile.mjs";

export const ROOT = resolve(import.meta.dirname, "..");

/** A fresh temporary ES-module directory (`prefix`…) whose node_modules is the repository's. */
export function moduleDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  writeFileSync(join(dir, "package.json"), '{"type":"module"}');
  return dir;
}

/**
 * The run's transpiled copy of the project (test/global-setup.ts), laid out as the repository:
 * `src/` transpiled in place (so test helpers' `../../src/…` imports hold) and `dist/` linked to
 * it (the `npm run build` layout the CLI runs from), `templates` and `node_modules` linked, and the
 * test helpers that child processes run (`extraFiles`, paths relative to the repository).
 */
export function buildProject(prefix: string, extraFiles: readonly string[] = []): string {
  const dir = moduleDir(prefix);
  symlinkSync(join(ROOT, "templates"), join(dir, "templates"), "dir");
  // The repository's (type module too): `vreport --version` reads it, two levels above dist/cli/index.js.
  writeFileSync(join(dir, "package.json"), readFileSync(join(ROOT, "package.json")));
  transpileTree(join(ROOT, "src"), join(dir, "src"));
  symlinkSync(join(dir, "src"), join(dir, "dist"), "dir");
  if (extraFiles.length > 0)
    transpile(
      extraFiles.map((file) => join(ROOT, file)),
      ROOT,
      dir,
    );
  return dir;
}
