/**
 * One temporary folder for a test file or a `describe` block, removed when it ends. Call it where
 * the tests are declared (top of the file or of a `describe`): the folder exists from then on, so
 * `beforeAll` and the tests may write into it, and `afterAll` removes it whatever the tests did.
 * Opens nothing else, so fast-tier files (test/tiers.ts) may use it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

/** A new folder named `vreport-<label>-…` in the system's temporary folder. */
export function tempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `vreport-${label}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
