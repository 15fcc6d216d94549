/**
 * Area `demo`: what a new user waits for. A clean clone of the committed HEAD runs
 * `npm run demo` with an empty npm cache (every package comes from the registry, as on a fresh
 * machine; Debian packages the bootstrap would install are recorded as present or installed), then
 * `vreport seed` runs three times into fresh PGlite directories, each timed as the process a user
 * starts (opening and migrating the database included).
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./_paths.mjs";
import { run } from "./_proc.mjs";

const SEED_RUNS = 3;

export async function runDemo(ctx) {
  const { log, quick } = ctx;
  const dir = mkdtempSync(join(tmpdir(), "vreport-bench-demo-"));
  const clone = join(dir, "clone");
  try {
    const cloned = await run("git", ["clone", "-q", ROOT, clone], dir);
    if (cloned.code !== 0) throw new Error(`git clone failed: ${cloned.out}`);
    const commit = (await run("git", ["rev-parse", "--short", "HEAD"], clone)).out.trim();
    const demo = await run("npm", ["run", "demo"], clone, { npm_config_cache: join(dir, "npm-cache") });
    if (demo.code !== 0) throw new Error(`npm run demo failed: ${demo.out.slice(-800)}`);
    const files = readdirSync(join(clone, "output")).filter((f) => !f.startsWith("."));
    log(`  first npm run demo: ${(demo.ms / 1000).toFixed(1)} s (${files.length} files)`);
    const seeds = [];
    for (let i = 0; i < (quick ? 1 : SEED_RUNS); i++) {
      const db = join(dir, `seed-${i}`);
      const seeded = await run(
        "node",
        ["dist/cli/index.js", "seed", "--as-of", "2026-11-01", "--database", db],
        clone,
      );
      if (seeded.code !== 0) throw new Error(`vreport seed failed: ${seeded.out.slice(-500)}`);
      seeds.push(seeded.ms);
      log(`  vreport seed: ${(seeded.ms / 1000).toFixed(1)} s`);
      rmSync(db, { recursive: true, force: true });
    }
    const sorted = [...seeds].sort((a, b) => a - b);
    return {
      commit,
      firstDemoMs: demo.ms,
      // The bootstrap names the Debian packages it installs; none named means they were present.
      debianInstalled: /installing Debian package/.test(demo.out),
      npmInstalled: /npm install/.test(demo.out),
      outputs: files.map((f) => ({ file: f, bytes: statSync(join(clone, "output", f)).size })),
      seedMs: seeds,
      seedMedianMs: sorted[Math.floor((sorted.length - 1) / 2)],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
