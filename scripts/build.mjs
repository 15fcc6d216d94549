/**
 * `npm run build` (docs/decisions.md, "The build"): esbuild transpiles `src/` into `dist/` file by
 * file (scripts/transpile.mjs: types stripped, nothing bundled, source maps beside), then
 * `bundleCli` replaces `dist/cli/index.js` with the CLI's bundle. Type checking is `npm run
 * typecheck`'s alone: it checks src/, test/ and bench/ in one program, so the build does not check
 * src/ a second time (tsc's emit took about 22 s of the suite's steps, esbuild's under 2 s). The
 * tsconfig's `verbatimModuleSyntax` and `isolatedModules` make a file's output not depend on other
 * files, which is what makes a one-file-at-a-time transpile the same program tsc emits.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { bundleCli, ROOT } from "./bundle.mjs";
import { transpileTree } from "./transpile.mjs";

// Files of sources that no longer exist must not be run or imported from an earlier build.
rmSync(join(ROOT, "dist"), { recursive: true, force: true });
transpileTree(join(ROOT, "src"), join(ROOT, "dist"), { sourcemap: true });
await bundleCli();
