import { readFile, stat } from "node:fs/promises";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { MINUS } from "../../src/format/figures.js";
import { linkFor } from "../../src/render/backends/xlsx/_cells.js";
import { excelNumberFormats } from "../../src/render/backends/xlsx/_number-formats.js";
import { headerLabel, MAX_WIDTH, type TableBlock } from "../../src/render/backends/xlsx/_table.js";
import { backend as xlsx } from "../../src/render/backends/xlsx/backend.js";
import { cellTone } from "../../src/render/change-tone.js";
import { clientView } from "../../src/render/technical.js";
import type { ReportView, SectionView } from "../../src/render/types.js";
import { tempDir } from "../_tmp.js";
import { writeWith } from "../pipeline/_write-with.js";
import { expectedNumbersBySection, extractNumbers, missingInOrder, mutedKpis } from "../render/_extract.js";
import { DEMO_VIEW_HOOK_TIMEOUT, demoView } from "./_demo-view.js";

/** The English workbook's number formats. */
const EXCEL_NUMBER_FORMATS = excelNumberFormats();

/**
 * The demo report's workbook (90 days as of 2026-11-01), read back with exceljs and with SheetJS:
 * what an analyst filters, sorts and pivots must hold on real data, not only on the small fixture
 * of `test/render/xlsx.test.ts`.
 */
describe("demo workbook (XLSX), read back", () => {
  const out = tempDir("demo-xlsx");
  let view: ReportView;
  let file: string;
  let wb: ExcelJS.Workbook;
  let sj: XLSX.WorkBook;

  beforeAll(async () => {
    const complete = await demoView();
    file = (await writeWith(xlsx, complete, out, {}))[0]!;
    // The data sheets hold the view without what only the agency reads (render/technical.ts).
    view = clientView(complete);
    wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    sj = XLSX.read(await readFile(file), { cellNF: true, cellDates: false });
  }, DEMO_VIEW_HOOK_TIMEOUT);

  /**
   * Every table of the view with its data sheet: a section's only table on the sheet named after
   * the section, several on "Section – Table" sheets in order (the demo's titles are legal names).
   */
  function dataSheets(): {
    section: SectionView;
    t: TableBlock;
    ws: ExcelJS.Worksheet;
    sheet: XLSX.WorkSheet;
  }[] {
    return view.sections.flatMap((section) => {
      const tables = section.blocks.filter((b): b is TableBlock => b.kind === "table");
      const names = wb.worksheets
        .map((w) => w.name)
        .filter((n) => n === section.title || n.startsWith(`${section.title} – `));
      expect(names, section.title).toHaveLength(tables.length);
      return tables.map((t, i) => ({
        section,
        t,
        ws: wb.getWorksheet(names[i]!)!,
        sheet: sj.Sheets[names[i]!]!,
      }));
    });
  }

  /** Every cell of a sheet as SheetJS formats it, row by row: the text an analyst sees. */
  function shownText(sheet: XLSX.WorkSheet): string {
    const range = XLSX.utils.decode_range(sheet["!ref"] ?? "A1");
    const lines: string[] = [];
    for (let r = range.s.r; r <= range.e.r; r++) {
      const cells: string[] = [];
      for (let c = range.s.c; c <= range.e.c; c++) {
        const cell = sheet[XLSX.utils.encode_cell({ r, c })];
        if (cell) cells.push(String(cell.w ?? cell.v));
      }
      lines.push(cells.join("  "));
    }
    return lines.join("\n");
  }

  it("is small and has About first, then a data sheet per table in report order, Methodology last", async () => {
    expect((await stat(file)).size).toBeLessThan(1024 * 1024);
    const names = wb.worksheets.map((w) => w.name);
    expect(names).toEqual([
      "About",
      // The headline metrics (the summary's only table in a report without targets).
      "Key figures",
      "Trend – Daily rates",
      "Trend – Platforms by day",
      "Platforms",
      "Categories",
      "Competitors",
      "Opportunities – Themes",
      "Opportunities – By prompt",
      "Evidence",
      "Cited sources – By owner",
      "Cited sources – Domains",
      "Your cited pages",
      "Competitor pages",
      "Prompts",
      "Latest answers",
      "Content map",
      "Content – Items by status",
      "Content – Ideas",
      "Content – Planned",
      "Content – Produced",
      "Methodology",
      // The full profile's sheet of what only the agency reads (the rules, the agents, the pipeline).
      "Technical",
    ]);
    expect(sj.SheetNames).toEqual(names);
    expect(wb.getWorksheet("About")!.getImages().length).toBe(
      view.sections.flatMap((s) => s.blocks.filter((b) => b.kind === "chart")).length,
    );
    expect(wb.creator).toBe("Northwind Digital");
    expect(wb.title).toBe(view.cover.title);
    expect(wb.subject).toBe("AI visibility report last 90 days");
    expect(wb.created.toISOString()).toBe(new Date(view.cover.generatedAt).toISOString());
  });

  it("shows every figure of every section, in order: KPIs on About, table cells on the data sheets", () => {
    const expected = expectedNumbersBySection(view, "workbook");
    const ascii = (n: string) => n.replaceAll(MINUS, "-"); // Excel's formats sign with "-"
    const about = extractNumbers(shownText(sj.Sheets.About!));
    const sheets = dataSheets();
    for (const section of expected) {
      const own = sheets.filter((d) => d.section.key === section.key);
      // A section's KPI cards are on About, its tables on their sheets.
      const cards = view.sections.find((v) => v.key === section.key)?.blocks.some((b) => b.kind === "kpis")
        ? about
        : [];
      const shown =
        own.length === 0 ? about : [...cards, ...own.flatMap((d) => extractNumbers(shownText(d.sheet)))];
      expect(missingInOrder(section.numbers.map(ascii), shown), section.title).toBeNull();
    }
    // Not vacuous: the demo has hundreds of figures.
    expect(expected.flatMap((s) => s.numbers).length).toBeGreaterThan(500);
  });

  it("flags each KPI change's significance on About, as the view does", () => {
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sj.Sheets.About!, { header: 1 });
    const header = rows.findIndex((r) => r[0] === "Metric" && r[6] === "Significant");
    const kpis = view.sections.flatMap((s) => s.blocks.flatMap((b) => (b.kind === "kpis" ? b.items : [])));
    const flags = rows.slice(header + 1, header + 1 + kpis.length).map((r) => r[6] ?? null);
    expect(flags).toEqual(kpis.map((k) => k.change?.significant ?? null));
    expect(flags.filter((f) => f === false).length).toBe(mutedKpis(view));
  });

  it("stores every typed cell of every table as a typed value with its number format", () => {
    let checked = 0;
    for (const { t, ws, sheet } of dataSheets()) {
      t.rows.forEach((row, i) => {
        t.columns.forEach((c, j) => {
          const v = row[c.key];
          const address = XLSX.utils.encode_cell({ r: 1 + i, c: j });
          const cell = sheet[address];
          const where = `${ws.name}!${address} (${c.key})`;
          if (v === null || v === undefined) {
            expect(cell?.v, where).toBeUndefined();
            return;
          }
          const format = EXCEL_NUMBER_FORMATS[c.type];
          if (format) {
            expect(cell, where).toMatchObject({ t: "n", z: format });
            checked++;
          } else if (c.type === "boolean") expect(cell, where).toMatchObject({ t: "b", v });
          else expect(cell?.t, where).toBe("s");
          if (c.type === "url" && linkFor(String(v))) expect(cell?.l?.Target, where).toBe(linkFor(String(v)));
        });
      });
    }
    expect(checked).toBeGreaterThan(500);
  });

  it("puts each table's header in row 1 with only its rows below, frozen and filtered; widths fitted and capped", () => {
    for (const { t, ws, sheet } of dataSheets()) {
      // Each header names its figures' unit: "Mention rate (%)", "Δ mention (pp)".
      expect(ws.getRow(1).values, ws.name).toEqual([undefined, ...t.columns.map((c) => headerLabel(c))]);
      expect(ws.rowCount, ws.name).toBe(1 + t.rows.length);
      expect(ws.getCell(1, 1).font?.bold, ws.name).toBe(true);
      const last = XLSX.utils.encode_col(t.columns.length - 1);
      expect(sheet["!autofilter"], ws.name).toEqual({ ref: `A1:${last}${1 + t.rows.length}` });
      expect(ws.views[0], ws.name).toMatchObject({ state: "frozen", ySplit: 1 });
      for (let c = 1; c <= ws.columnCount; c++)
        expect(ws.getColumn(c).width ?? 0).toBeLessThanOrEqual(MAX_WIDTH);
      // Fitted: a column is at least as wide as its header (plus the filter button) up to the cap.
      t.columns.forEach((c, i) => {
        expect(ws.getColumn(i + 1).width, `${ws.name} ${c.key}`).toBeGreaterThanOrEqual(
          Math.min(headerLabel(c).length + 3, MAX_WIDTH),
        );
      });
    }
  });

  it("colours every change of every table by its meaning for the client, as the page formats do", () => {
    const argb: Record<string, string | undefined> = {
      good: "FF1E7B34",
      bad: "FFC0392B",
      neutral: "FF6B7480",
      warn: "FF9A5B00",
      none: undefined,
    };
    let coloured = 0;
    for (const { t, ws } of dataSheets()) {
      t.columns.forEach((c, j) => {
        if (c.type !== "delta_pp" && c.type !== "delta_count") return;
        t.rows.forEach((row, i) => {
          if (row[c.key] === null || row[c.key] === undefined) return;
          const font = ws.getCell(i + 2, j + 1).font;
          expect(font?.color?.argb, `${ws.name} ${c.key} row ${i + 2}`).toBe(argb[cellTone(c, row)]);
          if (font?.color?.argb !== undefined) coloured++;
        });
      });
    }
    expect(coloured).toBeGreaterThan(100);
    // Nimbus Metrics' share of voice rose significantly: bad news for Brightwave, red.
    const ws = wb.getWorksheet("Competitors")!;
    const header = (ws.getRow(1).values as unknown[]).indexOf("Δ share (pp)");
    const nimbus = [...Array(ws.rowCount).keys()]
      .map((r) => r + 1)
      .find((r) => ws.getCell(r, 1).value === "Nimbus Metrics")!;
    expect(ws.getCell(nimbus, header).value).toBeGreaterThan(0);
    expect(ws.getCell(nimbus, header).font?.color?.argb).toBe("FFC0392B");
  });

  it("puts the KPIs with previous values and changes on About as numbers", () => {
    const kpis = view.sections.find((s) => s.key === "summary")!.blocks.find((b) => b.kind === "kpis");
    if (kpis?.kind !== "kpis") throw new Error("the demo's summary has no KPIs");
    const ws = wb.getWorksheet("About")!;
    for (const k of kpis.items) {
      let r = 1;
      while (r <= ws.rowCount && ws.getCell(r, 1).text !== k.label) r++;
      expect(r, k.label).toBeLessThanOrEqual(ws.rowCount);
      for (const [col, type, value] of [
        [2, k.type, k.value],
        [3, k.type, k.previous],
        [4, k.deltaType, k.delta],
      ] as const) {
        const cell = sj.Sheets.About![XLSX.utils.encode_cell({ r: r - 1, c: col - 1 })];
        if (value === null) expect(cell, k.label).toBeUndefined();
        else expect(cell, `${k.label} col ${col}`).toMatchObject({ t: "n", z: EXCEL_NUMBER_FORMATS[type] });
      }
    }
  });
});
