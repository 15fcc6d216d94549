import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { backend as xlsx } from "../../src/render/backends/xlsx/backend.js";
import { tempDir } from "../_tmp.js";
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
  const out = tempDir("golden-xlsx");
  let dump: string;
  let wb: ExcelJS.Workbook;

  beforeAll(async () => {
    const view = await demoView();
    const file = (await writeWith(xlsx, view, out, {}))[0]!;
    wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    dump = dumpCells(wb);
  }, DEMO_VIEW_HOOK_TIMEOUT);

  it("equals the committed cell dump", async () => {
    if (process.env.UPDATE_GOLDEN === "1") await writeFile(GOLDEN, dump);
    expect(existsSync(GOLDEN), "golden file missing: run with UPDATE_GOLDEN=1 once and review it").toBe(true);
    expect(dump).toBe(await readFile(GOLDEN, "utf8"));
  });

  /** A sheet's values row by row (exceljs' rows start at index 1). */
  const rows = (name: string) => {
    const ws = wb.getWorksheet(name);
    if (!ws) throw new Error(`no sheet ${name}`);
    const out: unknown[][] = [];
    ws.eachRow({ includeEmpty: true }, (row) => out.push((row.values as unknown[]).slice(1)));
    return out;
  };

  it("labels prompts without a category 'Uncategorized' on every sheet and table, never a blank or another word", () => {
    for (const [sheet, header] of [
      ["Prompts", "Category"],
      ["Opportunities – By prompt", "Category"],
      ["Categories", "Category"],
      ["Opportunities – Themes", "Theme"],
    ] as const) {
      const [head, ...body] = rows(sheet);
      const at = head!.indexOf(header);
      expect(at, `${sheet}: ${header}`).toBeGreaterThanOrEqual(0);
      const cells = body.map((r) => r[at]);
      expect(cells, sheet).toContain("Uncategorized");
      expect(
        cells.filter((c) => c === undefined || c === null || c === ""),
        sheet,
      ).toEqual([]);
      expect(
        cells.filter((c) => typeof c === "string" && /without a category/i.test(c)),
        sheet,
      ).toEqual([]);
    }
  });

  it("has a platform × day sheet: blank cells, never 0, on the days a platform collected nothing", () => {
    const [head, ...body] = rows("Trend – Platforms by day");
    expect(head![0]).toBe("Date");
    expect(body).toHaveLength(90);
    const rate = head!.indexOf("Gemini mention rate (%)");
    const answers = head!.indexOf("Gemini answers");
    expect(rate).toBeGreaterThan(0);
    // Gemini collected nothing on 5 of the 90 days (the summary's data coverage): blank there.
    const blank = body.filter((r) => r[rate] === undefined && r[answers] === undefined);
    expect(blank).toHaveLength(5);
    expect(body.some((r) => r[answers] === 0)).toBe(false);
  });
});
