import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backend as xlsx } from "../../src/render/backends/xlsx/backend.js";
import { writeWith } from "../pipeline/_write-with.js";
import { DEMO_VIEW_HOOK_TIMEOUT, demoView } from "./_demo-view.js";

const GOLDEN = join(import.meta.dirname, "../golden/demo-90d-2026-11-01.xlsx.txt");

/** One line per non-empty cell: `sheet!A1 <tab> value as JSON <tab> number format`, sheet by sheet. */
function dumpCells(wb: ExcelJS.Workbook): string {
  const lines: string[] = [];
  wb.eachSheet((ws) => {
    lines.push(`# ${ws.name}`);
    ws.eachRow({ includeEmpty: false }, (row) => {
      row.eachCell({ includeEmpty: false }, (cell) => {
        const value = cell.value instanceof Date ? cell.value.toISOString() : cell.value;
        lines.push(`${cell.address}\t${JSON.stringify(value)}\t${cell.numFmt ?? ""}`);
      });
    });
  });
  return `${lines.join("\n")}\n`;
}

/**
 * Every cell value (and number format) of the demo workbook at a fixed as-of day equals the
 * committed dump: a refactoring of the pipeline or the XLSX backend must not change one cell.
 * Regenerate deliberately with UPDATE_GOLDEN=1 and review the diff.
 */
describe("golden demo report (XLSX cell values)", () => {
  let out: string;
  let dump: string;

  beforeAll(async () => {
    const view = await demoView();
    out = await mkdtemp(join(tmpdir(), "vreport-golden-xlsx-"));
    const file = (await writeWith(xlsx, view, out, {}))[0]!;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    dump = dumpCells(wb);
  }, DEMO_VIEW_HOOK_TIMEOUT);

  afterAll(async () => {
    if (out) await rm(out, { recursive: true, force: true });
  });

  it("equals the committed cell dump", async () => {
    if (process.env.UPDATE_GOLDEN === "1") await writeFile(GOLDEN, dump);
    expect(existsSync(GOLDEN), "golden file missing: run with UPDATE_GOLDEN=1 once and review it").toBe(true);
    expect(dump).toBe(await readFile(GOLDEN, "utf8"));
  });
});
