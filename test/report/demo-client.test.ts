import { readFile, stat } from "node:fs/promises";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { presentationOf } from "../../src/config/presentation.js";
import { applyReport, type WrittenFile } from "../../src/pipeline/apply.js";
import { closeLoadedBackends, loadBackend, type OutputFormat } from "../../src/render/backends/registry.js";
import { MIN_ROWS_AT_BREAK } from "../../src/render/html/context.js";
import { presentView } from "../../src/render/present.js";
import type { ReportView } from "../../src/render/types.js";
import { tempDir } from "../_tmp.js";
import { pdfInfo, pdfText } from "../render/_pdf-tools.js";
import { printedTables, strandedRows } from "../render/_table-breaks.js";
import { DEMO_VIEW_HOOK_TIMEOUT, demoView } from "./_demo-view.js";

/**
 * The demo's 90-day report in the client profile (the default): a deliverable a client reads,
 * with the complete workbook beside it.
 */
describe("demo report, client profile", () => {
  const out = tempDir("demo-client");
  let view: ReportView;
  let files: Record<OutputFormat, WrittenFile>;

  beforeAll(async () => {
    view = await demoView();
    const backends = await Promise.all((["pdf", "xlsx", "md"] as const).map((f) => loadBackend(f)));
    const written = await applyReport(view, backends, out, { presentation: presentationOf("client") });
    files = Object.fromEntries(written.map((w) => [w.format, w])) as Record<OutputFormat, WrittenFile>;
  }, DEMO_VIEW_HOOK_TIMEOUT);

  afterAll(async () => {
    await closeLoadedBackends();
  });

  it("fits 12 A4 pages, cover and methodology included", () => {
    expect(Number(pdfInfo(files.pdf.path).Pages)).toBeLessThanOrEqual(12);
    expect(pdfText(files.pdf.path)).toContain("Methodology");
  });

  it("never leaves fewer than 3 rows of a table on either side of a page break", () => {
    const tables = printedTables(presentView(view, presentationOf("client")), files.pdf.path);
    expect(tables.length).toBeGreaterThanOrEqual(10);
    expect(strandedRows(tables, MIN_ROWS_AT_BREAK)).toEqual([]);
  });

  it("keeps the Markdown short enough for an email body or a wiki page (25 KB)", async () => {
    expect((await stat(files.md.path)).size).toBeLessThanOrEqual(25 * 1024);
  });

  it("says where the rows it leaves out are", async () => {
    const md = await readFile(files.md.path, "utf8");
    expect(md).toContain('The first 10 of 120 prompts; all of them are in the workbook (sheet "Prompts").');
    // A pointer to the workbook in a table's place reads as a table's note does: in italics.
    expect(md).toContain('\n*The table of all 90 days is in the workbook (sheet "Trend – Daily rates").*\n');
    expect(md).not.toContain("## Latest answers");
  });

  it("leaves the workbook complete: every section, every row", async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(files.xlsx.path);
    expect(wb.getWorksheet("Latest answers")).toBeDefined();
    const prompts = view.sections.find((s) => s.key === "prompts")!;
    const rows = prompts.blocks.flatMap((b) => (b.kind === "table" ? [b.rows.length] : []))[0]!;
    expect(rows).toBe(120);
    // Header row plus every prompt, and nothing cut.
    const sheet = wb.getWorksheet("Prompts")!;
    const texts = new Set<string>();
    sheet.eachRow((row) => texts.add(String(row.getCell(1).value)));
    for (const table of prompts.blocks.filter((b) => b.kind === "table"))
      if (table.kind === "table") for (const r of table.rows) expect(texts.has(String(r.text))).toBe(true);
  });
});
