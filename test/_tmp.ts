/**
 * Temporary folders for tests, removed when they end. `tempDir` serves a test file or a
 * `describe` block; `testDir` serves one test. Open nothing else, so fast-tier files
 * (test/tiers.ts) may use them.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, onTestFinished } from "vitest";

function newDir(label: string): string {
  return mkdtempSync(join(tmpdir(), `vreport-${label}-`));
}

function remove(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * A new folder named `vreport-<label>-…` in the system's temporary folder, for a file or a
 * `describe` block. Call it where the tests are declared (top of the file or of a `describe`):
 * the folder exists from then on, so `beforeAll` and the tests may write into it, and `afterAll`
 * removes it whatever the tests did.
 */
export function tempDir(label: string): string {
  const dir = newDir(label);
  afterAll(() => remove(dir));
  return dir;
}

/**
 * A new folder named `vreport-<label>-…` for the running test only: call it inside the test (or
 * its `beforeEach`); it is removed when the test finishes, passed or failed.
 */
export function testDir(label: string): string {
  const dir = newDir(label);
  onTestFinished(() => remove(dir));
  return dir;
}

/**
 * A `tempDir` for the PDFs a file prints, returning a maker of folders inside it (one a PDF):
 * with VREPORT_PDF_KEEP=1 it is left in place and its path printed, to look at the PDFs with
 * pdftoppm.
 */
export function pdfDirs(label: string): { root: string; dir: (name: string) => string } {
  const root = newDir(label);
  afterAll(() => {
    if (process.env.VREPORT_PDF_KEEP === "1") console.log(`PDFs kept in ${root}`);
    else remove(root);
  });
  return { root, dir: (name) => mkdtempSync(join(root, `${name}-`)) };
}
