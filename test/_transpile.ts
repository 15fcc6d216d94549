/**
 * Node 20 cannot load TypeScript, so the suites that run source code in child processes
 * transpile it first (types stripped, one file at a time, nothing bundled, nothing type-checked)
 * into a temporary directory whose `node_modules` links to the repository's.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

export const ROOT = resolve(import.meta.dirname, "..");

/** A fresh temporary ES-module directory (`prefix`…) whose node_modules is the repository's. */
export function moduleDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  writeFileSync(join(dir, "package.json"), '{"type":"module"}');
  return dir;
}

/** The options `npm run build` compiles `src` with, as far as one file at a time can follow them. */
export const BUILD_OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  target: ts.ScriptTarget.ES2022,
  verbatimModuleSyntax: true,
};

/** Transpiles one `.ts` file into the `.js` file `out`. */
export function transpileFile(path: string, out: string, compilerOptions: ts.CompilerOptions): void {
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, ts.transpileModule(readFileSync(path, "utf8"), { compilerOptions }).outputText);
}

/** Transpiles every `.ts` file (not `.d.ts`) under `from` into the same tree under `to`, as `.js`. */
export function transpileTree(from: string, to: string, compilerOptions: ts.CompilerOptions): void {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const path = join(from, entry.name);
    if (entry.isDirectory()) transpileTree(path, join(to, entry.name), compilerOptions);
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) {
      transpileFile(path, join(to, relative(from, path)).replace(/\.ts$/, ".js"), compilerOptions);
    }
  }
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
  transpileTree(join(ROOT, "src"), join(dir, "src"), BUILD_OPTIONS);
  symlinkSync(join(dir, "src"), join(dir, "dist"), "dir");
  for (const file of extraFiles) {
    transpileFile(join(ROOT, file), join(dir, file).replace(/\.ts$/, ".js"), BUILD_OPTIONS);
  }
  return dir;
}
