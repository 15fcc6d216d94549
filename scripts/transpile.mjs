/**
 * The one transpile of the project's TypeScript (docs/decisions.md, "The build"): esbuild strips
 * the types of each file on its own (nothing bundled, nothing type-checked), with the options
 * `npm run build` emits dist/ with, so the test suite's transpiled copies run what the build ships.
 */
import { join } from "node:path";
import { buildSync } from "esbuild";
import { ROOT } from "./bundle.mjs";

/**
 * Transpiles `entries` (files or globs such as `src/**\/*.ts`), laid out under `outdir` as they
 * are under `outbase`, into ES modules for Node 20.
 */
export function transpile(entries, outbase, outdir, { sourcemap = false } = {}) {
  buildSync({
    entryPoints: entries,
    outbase,
    outdir,
    format: "esm",
    platform: "node",
    target: "node20",
    sourcemap,
    tsconfig: join(ROOT, "tsconfig.json"),
    logLevel: "warning",
  });
}

/** Transpiles every `.ts` file under `from` into the same tree under `to`, as `.js`. */
export function transpileTree(from, to, options) {
  transpile([join(from, "**/*.ts")], from, to, options);
}
