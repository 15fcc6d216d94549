/**
 * Area `suite`: the test suite's wall time, today's code against the baseline commit timed before
 * the suite was made faster (1cbb2f3), side by side in one run on this machine. Each tree runs the steps its own `npm test`
 * runs after its bootstrap: build, typecheck and lint, then every test file on PGlite and PostgreSQL.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./_paths.mjs";
import { run } from "./_proc.mjs";

/** The commit timed before the suite was made faster (9–10 min busy, 5 min 35 s quiet). */
export const BASELINE = "1cbb2f3";

/** Passed and failed counts from vitest's summary. */
function counts(out) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are stripped in case a tool ignores NO_COLOR.
  const text = out.replace(/\u001b\[[0-9;]*m/g, "");
  const passed = Number(/Tests\s+(?:\d+ failed \| )?(\d+) passed/.exec(text)?.[1] ?? Number.NaN);
  const failed = Number(/Tests\s+(\d+) failed/.exec(text)?.[1] ?? 0);
  return { passed, failed };
}

/**
 * The steps of the tree's own `npm test` after its bootstrap (today: the build, then typecheck and
 * lint beside vitest; the baseline: build, typecheck, lint, vitest one after another),
 * timed in `cwd`; the test count from vitest's summary.
 */
async function timeSuite(cwd, log, label) {
  const { scripts } = JSON.parse(readFileSync(join(cwd, "package.json"), "utf8"));
  const steps = scripts.test.replace(/^bash scripts\/bootstrap\.sh && /, "");
  const t = performance.now();
  const tests = await run("sh", ["-c", steps], cwd, {
    PATH: `${join(cwd, "node_modules/.bin")}:${process.env.PATH}`,
  });
  const ms = performance.now() - t;
  const { passed, failed } = counts(tests.out);
  if (Number.isNaN(passed))
    throw new Error(`${label}: ${steps} failed before the tests: ${tests.out.slice(-500)}`);
  log(`  ${label}: ${(ms / 1000).toFixed(0)} s, ${passed} tests passed, ${failed} failed`);
  return { ms, passed, failed, exitCode: tests.code };
}

/** `npm run test:unit`, the fast tier (test/tiers.ts), timed on its own. */
async function timeUnitTier(log) {
  const t = performance.now();
  const tests = await run("npm", ["run", "test:unit"], ROOT);
  const ms = performance.now() - t;
  const { passed, failed } = counts(tests.out);
  log(`  fast tier: ${(ms / 1000).toFixed(0)} s, ${passed} tests passed, ${failed} failed`);
  return { ms, passed, failed, exitCode: tests.code };
}

export async function runSuite(ctx) {
  const { log } = ctx;
  const dir = mkdtempSync(join(tmpdir(), "vreport-bench-baseline-"));
  const worktree = join(dir, "tree");
  try {
    const add = await run("git", ["worktree", "add", "--detach", worktree, BASELINE], ROOT);
    if (add.code !== 0) throw new Error(`git worktree add ${BASELINE} failed: ${add.out}`);
    // The baseline's dependencies are a subset of today's, at the same versions.
    symlinkSync(join(ROOT, "node_modules"), join(worktree, "node_modules"));
    const baseline = await timeSuite(worktree, log, `baseline ${BASELINE}`);
    const current = await timeSuite(ROOT, log, "today");
    const unit = await timeUnitTier(log);
    return { baselineCommit: BASELINE, baseline, current, unit, ratio: current.ms / baseline.ms };
  } finally {
    if (existsSync(worktree)) await run("git", ["worktree", "remove", "--force", worktree], ROOT);
    rmSync(dir, { recursive: true, force: true });
  }
}
