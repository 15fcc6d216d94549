/**
 * Bundles the CLI (docs/decisions.md, "The CLI is one bundle"): the build transpiles src/ to
 * dist/ file by file (scripts/build.mjs), and starting `vreport generate` from that tree made Node
 * resolve, read and link about 1,500 ES modules (kysely alone 262, zod 95) before any work.
 * esbuild bundles the CLI and the pure-JS packages it uses into dist/cli/index.js plus shared
 * chunks in dist/cli/chunks/ (each command still loaded only when it runs), replacing the
 * transpiled dist/cli/index.js; the rest of dist/ stays as the build wrote it (the tests and the
 * bench import it). Packages stay external when they find files of their own at run time
 * (PGlite's WebAssembly, BullMQ's Lua scripts, puppeteer's browser settings, Tinypool's thread
 * entry) or are native (canvas).
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

/** The repository, which scripts/build.mjs builds too. */
export const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CHUNKS = "chunks";
const EXTERNAL = [
  "@electric-sql/pglite",
  "@napi-rs/canvas",
  "puppeteer",
  "bullmq",
  "ioredis",
  "pg-native",
  "tinypool",
];

/** Bundles src/cli/index.ts into `outDir` (index.js and chunks/); the test suite bundles its own copy. */
export async function bundleCli(outDir = join(ROOT, "dist/cli")) {
  // Chunks of an earlier bundle: their names carry a content hash, so new ones never overwrite them.
  rmSync(join(outDir, CHUNKS), { recursive: true, force: true });
  await build({
    entryPoints: {
      index: join(ROOT, "src/cli/index.ts"),
      // The seed's answer generator and the chart-drawing thread run in worker threads started
      // from a file beside the module that starts them (store/seed/answers.ts,
      // render/charts/threads.ts), which the bundle puts in a chunk: so beside them.
      [`${CHUNKS}/_answers-worker`]: join(ROOT, "src/service/store/seed/_answers-worker.ts"),
      [`${CHUNKS}/_chart-worker`]: join(ROOT, "src/render/charts/_chart-worker.ts"),
    },
    outdir: outDir,
    chunkNames: `${CHUNKS}/[hash]`,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    external: EXTERNAL,
    // CommonJS packages inside an ES module bundle call require() for Node's built-ins.
    banner: {
      js: "import { createRequire as __vreportRequire } from 'node:module'; const require = __vreportRequire(import.meta.url);",
    },
    legalComments: "none",
    logLevel: "warning",
  });
}
