import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { toCell } from "../../src/render/backends/xlsx/_cells.js";
import { excelNumberFormats } from "../../src/render/backends/xlsx/_number-formats.js";
import { headerLabel } from "../../src/render/backends/xlsx/_table.js";
import { backend } from "../../src/render/backends/xlsx/backend.js";
import { MAX_CELL_TEXT, TRUNCATION_MARKER } from "../../src/render/cell-text.js";
import type { ReportView, SectionView } from "../../src/render/types.js";
import { tempDir, testDir } from "../_tmp.js";
import { HOSTILE, sampleView } from "../fixtures/sample-view.js";
import { writeWith } from "../pipeline/_write-with.js";
import { formatValue } from "./_extract.js";

/** The English workbook's number formats. */
const EXCEL_NUMBER_FORMATS = excelNumberFormats();

const LONG = "x".repeat(40_000);
const LONG_TITLE = "Latest answers: what [AI] said / per platform? *all* of them";

/** The sample view plus what only a workbook can get wrong: long titles, duplicates, huge text, two tables. */
function workbookView(): ReportView {
  const view = sampleView();
  const extra: SectionView[] = [
    {
      key: "answers",
      title: LONG_TITLE,
      blocks: [
        { kind: "paragraph", text: "Two tables: the larger one carries the filter." },
        {
          kind: "table",
          id: "small",
          title: "Small",
          columns: [{ key: "n", label: "N", type: "count" }],
          rows: [{ n: 1 }],
          emptyText: "",
        },
        {
          kind: "table",
          id: "answers",
          columns: [
            { key: "day", label: "Collected", type: "date" },
            { key: "preview", label: "Answer preview", type: "text" },
          ],
          rows: [
            { day: "2026-10-31", preview: LONG },
            { day: "2026-11-01", preview: "short" },
          ],
          emptyText: "No answers.",
        },
      ],
    },
    { key: "platforms", title: "Prompts", blocks: [{ kind: "notice", text: "Duplicate title." }] },
  ];
  const methodology = view.sections.findIndex((s) => s.key === "methodology");
  view.sections.splice(methodology, 0, ...extra);
  return view;
}

const dir = tempDir("xlsx");
let file: string;
let wb: ExcelJS.Workbook;
let sheetjs: XLSX.WorkBook;

function sheet(name: string): ExcelJS.Worksheet {
  const ws = wb.getWorksheet(name);
  if (!ws) throw new Error(`no sheet ${name}`);
  return ws;
}

/** Conditional formats as exceljs reads them back (missing from its type declarations). */
function conditionalFormats(ws: ExcelJS.Worksheet): ExcelJS.ConditionalFormattingOptions[] {
  return (ws as unknown as { conditionalFormattings: ExcelJS.ConditionalFormattingOptions[] })
    .conditionalFormattings;
}

/** The first cell of column A whose text is `text`. */
function rowOf(ws: ExcelJS.Worksheet, text: string): number {
  for (let r = 1; r <= ws.rowCount; r++) if (ws.getCell(r, 1).text === text) return r;
  throw new Error(`no row "${text}" in ${ws.name}`);
}

beforeAll(async () => {
  const files = await writeWith(backend, workbookView(), dir, {});
  expect(files).toHaveLength(1);
  file = files[0]!;
  wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  sheetjs = XLSX.read(await readFile(file), { cellNF: true, cellDates: false });
});

describe("xlsx backend", () => {
  it("names the file after the view and leaves no temporary file", async () => {
    expect(file).toBe(join(dir, "acme-analytics-ai-visibility-30d-2026-11-01.xlsx"));
    expect(await readdir(dir)).toEqual(["acme-analytics-ai-visibility-30d-2026-11-01.xlsx"]);
  });

  it("deflates every part but the chart images, stored as the PNGs they are, and gives the same bytes for the same view", async () => {
    // The zip's central directory: each member's compression method and name (APPNOTE 4.3.12).
    const zip = await readFile(file);
    const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const methods = new Map<string, number>();
    for (let at = zip.readUInt32LE(end + 16), n = zip.readUInt16LE(end + 10); n > 0; n--) {
      const name = zip.toString("utf8", at + 46, at + 46 + zip.readUInt16LE(at + 28));
      methods.set(name, zip.readUInt16LE(at + 10));
      at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    }
    const media = [...methods.keys()].filter((m) => m.startsWith("xl/media/"));
    expect(media.length).toBeGreaterThan(0);
    // Folders (JSZip lists them) and images are stored, the XML parts deflated.
    for (const [name, method] of methods)
      expect([name, method]).toEqual([name, media.includes(name) || name.endsWith("/") ? 0 : 8]);
    expect(methods.has("[Content_Types].xml")).toBe(true);
    const [again] = await backend.render(workbookView(), {});
    expect(Buffer.from(again!.data).equals(zip)).toBe(true);
  });

  it("orders sheets About first, a data sheet per table in report order, Methodology last, with unique legal names", () => {
    const names = wb.worksheets.map((w) => w.name);
    // Sections with text only (Content's notice, the second "Prompts") get no sheet: their text is on About.
    expect(names).toEqual([
      "About",
      "Trend",
      "Prompts",
      "Latest answers – Small",
      "Latest answers – Answers",
      "Methodology",
      // The full profile's (the default's) sheet of what only the agency reads.
      "Technical",
    ]);
    expect(sheetjs.SheetNames).toEqual(names);
    for (const n of names) {
      expect(n.length).toBeLessThanOrEqual(31);
      expect(n).not.toMatch(/[\\/?*[\]:]/);
    }
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
  });

  it("sets the workbook properties from the cover", () => {
    expect(wb.title).toBe(`AI visibility report — ${HOSTILE.brand}`);
    expect(wb.subject).toBe("AI visibility report 30d");
    expect(wb.creator).toBe("Northwind Digital");
    expect(wb.created.toISOString()).toBe("2026-11-01T06:00:00.000Z");
  });

  it("stores typed numbers with the shared number formats", () => {
    const ws = sheet("Prompts");
    const header = rowOf(ws, "Prompt");
    const first = ws.getRow(header + 1);
    expect(first.getCell(2).value).toBe("Google AI Overviews");
    expect(first.getCell(3).value).toBe(0.375);
    expect(first.getCell(3).numFmt).toBe("0.0%");
    expect(first.getCell(4).value).toBe(12.5);
    expect(first.getCell(4).numFmt).toBe('[>=0.05]+0.0" pp";[<=-0.05]-0.0" pp";0.0" pp"');
    expect(first.getCell(5).value).toBe(1234);
    expect(first.getCell(5).numFmt).toBe("#,##0");
    expect(first.getCell(6).value).toBe(-12);
    expect(first.getCell(6).numFmt).toBe("+#,##0;-#,##0;0");
    expect(first.getCell(7).value).toBe(true);
    expect(ws.getRow(header + 2).getCell(7).value).toBe(false);
    // SheetJS sees the same: numbers typed "n", booleans "b", formatted as the other backends show them.
    const s = sheetjs.Sheets.Prompts!;
    expect(s[`C${header + 1}`]).toMatchObject({ t: "n", v: 0.375, z: "0.0%", w: "37.5%" });
    expect(s[`D${header + 1}`]).toMatchObject({ t: "n", v: 12.5, w: "+12.5 pp" });
    expect(s[`D${header + 2}`]).toMatchObject({ t: "n", v: -5, w: "-5.0 pp" });
    expect(s[`E${header + 1}`]).toMatchObject({ t: "n", v: 1234, w: "1,234" });
    expect(s[`G${header + 1}`]).toMatchObject({ t: "b", v: true });
  });

  it("stores every figure of the view as the number it is, never as text", () => {
    const view = workbookView();
    const prompts = view.sections.find((s) => s.key === "prompts")!.blocks[0]!;
    if (prompts.kind !== "table") throw new Error("fixture changed");
    const ws = sheet("Prompts");
    const header = rowOf(ws, "Prompt");
    prompts.rows.forEach((row, i) => {
      prompts.columns.forEach((c, j) => {
        const got = ws.getRow(header + 1 + i).getCell(j + 1).value;
        const want = row[c.key];
        if (c.type === "percent" || c.type === "count" || c.type === "delta_count") expect(got).toBe(want);
        if (c.type === "delta_pp") expect(got).toBeCloseTo(Number(want) * 100, 9);
        // Shown through its number format, the figure reads as in the PDF and Markdown (ASCII
        // minus, and a plain space before "pp": a cell does not wrap).
        if (c.type in EXCEL_NUMBER_FORMATS && want !== null && want !== undefined) {
          const shown = sheetjs.Sheets.Prompts![XLSX.utils.encode_cell({ r: header + i, c: j })];
          expect(shown?.w).toBe(formatValue(c.type, want).replace("\u2212", "-").replace("\u00a0", " "));
        }
      });
    });
    const trend = sheet("Trend");
    const t = rowOf(trend, "Date");
    expect(trend.getCell(t + 1, 1).value).toEqual(new Date(Date.UTC(2026, 9, 30)));
    expect(trend.getCell(t + 1, 1).numFmt).toBe("yyyy-mm-dd");
    expect(sheetjs.Sheets.Trend![`A${t + 1}`]).toMatchObject({ t: "n", w: "2026-10-30" });
    expect(trend.getCell(t + 3, 3).value).toBeNull(); // a missing rate stays empty, not 0
  });

  it("stores a rate change unrounded in percentage points; its format shows one decimal", () => {
    expect(toCell("delta_pp", 0.0003)).toBe(0.03);
    expect(toCell("delta_pp", -0.0004)).toBe(-0.04);
    expect(toCell("delta_pp", 0.0006)).toBe(0.06);
    expect(toCell("delta_pp", 0.0481)).toBe(4.81);
    expect(formatValue("delta_pp", 0.0003)).toBe("0.0\u00a0pp");
    // The number format shows what the page formats print, by Excel's rules (SheetJS emulates them).
    const fmt = EXCEL_NUMBER_FORMATS.delta_pp!;
    expect([4.81, -4.81, 0.03, -0.04, 0].map((v) => XLSX.SSF.format(fmt, v))).toEqual([
      "+4.8 pp",
      "-4.8 pp",
      "0.0 pp",
      "0.0 pp",
      "0.0 pp",
    ]);
  });

  it("puts the KPIs with previous values and changes on About", () => {
    const ws = sheet("About");
    const r = rowOf(ws, "Mention rate");
    expect(ws.getRow(r).values).toEqual([undefined, "Mention rate", 0.4231, 0.375, 4.81]);
    expect(ws.getCell(r, 4).numFmt).toBe('[>=0.05]+0.0" pp";[<=-0.05]-0.0" pp";0.0" pp"');
    const snaps = rowOf(ws, "Snapshots");
    expect(ws.getRow(snaps).values).toEqual([undefined, "Snapshots", 12345, 12000, 345]);
    expect(ws.getCell(snaps, 4).numFmt).toBe("+#,##0;-#,##0;0");
    expect(ws.getCell(rowOf(ws, "As of"), 2).value).toEqual(new Date(Date.UTC(2026, 10, 1)));
    expect(ws.getCell(rowOf(ws, "Prepared by"), 2).value).toBe("Northwind Digital");
    expect(rowOf(ws, "• Mention rate rose from 37.5% to 42.3% (+4.8 pp).")).toBeGreaterThan(0);
  });

  it("places every chart on About as an image at its display size", () => {
    const images = sheet("About").getImages();
    expect(images).toHaveLength(1);
    const media = wb.getImage(Number(images[0]!.imageId));
    expect(media.extension).toBe("png");
  });

  it("gives every table a data sheet: header in row 1, nothing but rows below, frozen and filtered", () => {
    const view = workbookView();
    const tables = [
      ["Trend", 3],
      ["Prompts", 3],
      ["Latest answers – Small", 1],
      ["Latest answers – Answers", 2],
      ["Methodology", 0],
    ] as const;
    for (const [name, rows] of tables) {
      const ws = sheet(name);
      expect(ws.getCell(1, 1).font?.bold, name).toBe(true);
      expect(ws.rowCount, name).toBe(1 + rows);
      expect(ws.views[0], name).toMatchObject({ state: "frozen", ySplit: 1 });
      const cols = ws.getRow(1).cellCount;
      expect(sheetjs.Sheets[name]!["!autofilter"], name).toEqual({
        ref: `A1:${XLSX.utils.encode_col(cols - 1)}${1 + rows}`,
      });
    }
    expect(sheet("Prompts").getRow(1).values).toEqual([
      undefined,
      ...view.sections
        .find((s) => s.key === "prompts")!
        .blocks.flatMap((b) => (b.kind === "table" ? b.columns.map((c) => headerLabel(c)) : [])),
    ]);
    expect(sheet("Latest answers – Answers").getColumn(2).width).toBeLessThanOrEqual(60);
  });

  it("lists every data sheet on About with its rows and its note or no-data text", () => {
    const ws = sheet("About");
    const header = rowOf(ws, "Sheet");
    expect(ws.getRow(header).values).toEqual([undefined, "Sheet", "Section", "Table", "Rows", "Note"]);
    const rows = [1, 2, 3, 4, 5].map((i) => ws.getRow(header + i).values);
    expect(rows).toEqual([
      [undefined, "Trend", "Trend", undefined, 3],
      [undefined, "Prompts", "Prompts", undefined, 3],
      [undefined, "Latest answers – Small", LONG_TITLE, "Small", 1],
      [undefined, "Latest answers – Answers", LONG_TITLE, undefined, 2],
      [undefined, "Methodology", "Methodology", "An empty table", 0, "Nothing to show for this period."],
    ]);
    // The profile is the agency's word: on the technical sheet, not among About's facts.
    expect(() => rowOf(ws, "Profile")).toThrow();
    expect(sheet("Technical").getCell(rowOf(sheet("Technical"), "Profile"), 2).value).toBe("full");
  });

  it("colours each change by its meaning for the client in a cell style: green gain, red loss, grey zero", () => {
    const colour = (ws: ExcelJS.Worksheet, address: string) => ws.getCell(address).font?.color?.argb;
    const prompts = sheet("Prompts");
    // The client's own figures: +12.5 pp green, −5.0 pp red, 0.0 pp grey; −12, 0 and +2 answers likewise.
    expect(["D2", "D3", "D4", "F2", "F3", "F4"].map((a) => colour(prompts, a))).toEqual([
      "FF1E7B34",
      "FFC0392B",
      "FF6B7480",
      "FFC0392B",
      "FF6B7480",
      "FF1E7B34",
    ]);
    // A style, not a conditional format: the colour depends on whose the row is, which a formula cannot see.
    expect(conditionalFormats(prompts)).toHaveLength(0);
    // The sample's key figures carry no significance test: grey, whatever their direction (the
    // tested ones are coloured in test/render/colour-meaning.test.ts).
    const about = sheet("About");
    const first = rowOf(about, "Mention rate");
    expect([0, 1, 2, 3].map((i) => about.getCell(first + i, 4).font?.color?.argb)).toEqual([
      "FF6B7480",
      "FF6B7480",
      "FF6B7480",
      "FF6B7480",
    ]);
  });

  it("links plausible URLs only, showing the URL itself", () => {
    const ws = sheet("Prompts");
    const header = rowOf(ws, "Prompt");
    const link = ws.getCell(header + 2, 8);
    expect(link.value).toEqual({
      text: "acme-analytics.com/blog/crm-guide",
      hyperlink: "https://acme-analytics.com/blog/crm-guide",
    });
    expect(ws.getCell(header + 1, 8).value).toBe(HOSTILE.url);
    expect(ws.getCell(header + 3, 8).value).toBe(HOSTILE.fileLink);
    expect(sheetjs.Sheets.Prompts![`H${header + 2}`].l.Target).toBe(
      "https://acme-analytics.com/blog/crm-guide",
    );
  });

  it("never turns untrusted text into a formula", () => {
    const ws = sheet("Prompts");
    const s = sheetjs.Sheets.Prompts!;
    for (const text of [HOSTILE.formula, HOSTILE.plus, HOSTILE.prompt]) {
      const r = rowOf(ws, text);
      expect(ws.getCell(r, 1).formula).toBeUndefined();
      expect(ws.getCell(r, 1).value).toBe(text);
      expect(s[`A${r}`]).toMatchObject({ t: "s", v: text });
      expect(s[`A${r}`].f).toBeUndefined();
    }
    expect(sheet("About").getCell(1, 1).value).toBe(`AI visibility report — ${HOSTILE.brand}`);
  });

  it("cuts text beyond Excel's cell limit with a visible marker", () => {
    const ws = sheet("Latest answers – Answers");
    const cell = ws.getCell(2, 2);
    const text = String(cell.value);
    expect(text).toHaveLength(MAX_CELL_TEXT);
    expect(text.endsWith(TRUNCATION_MARKER)).toBe(true);
    expect(text.startsWith("xxxx")).toBe(true);
  });

  it("says missing data in words on About, never zeros", () => {
    const ws = sheet("About");
    const content = rowOf(ws, "Content");
    expect(ws.getCell(content + 1, 1).value).toBe(
      "The API key lacks the content:read scope, so content is not shown.",
    );
    expect(wb.getWorksheet("Content")).toBeUndefined();
    // The empty table keeps its header on its sheet; About's contents say why it has no rows (above).
    expect(sheet("Methodology").getRow(1).values).toEqual([undefined, "X"]);
  });
});

describe("xlsx backend, formula-like text", () => {
  // Every start Excel or LibreOffice could read as a formula (or strip), in each kind of untrusted text.
  const STARTS = ["=1+1", "+1", "-1", "@SUM(A1)", "\t=1+1", "\r=1+1", "=cmd|' /C calc'!A0"];

  it("stores prompts, URLs and titles that look like formulas as plain text, read back as written", async () => {
    const view = sampleView();
    view.sections.splice(1, 0, {
      key: "prompts",
      title: "=Danger",
      blocks: [
        {
          kind: "table",
          id: "hostile",
          title: "@Hostile table",
          columns: [
            { key: "prompt", label: "=Prompt", type: "text" },
            { key: "url", label: "URL", type: "url" },
          ],
          rows: STARTS.map((t) => ({ prompt: t, url: t })),
          emptyText: "",
        },
      ],
    });
    const out = testDir("xlsx-formula");
    const [path] = await writeWith(backend, view, out, {});
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path!);
    const read = XLSX.read(await readFile(path!), { cellFormula: true });
    const shown = (t: string) => t.replace(/\r/g, "\n"); // a raw CR cannot survive XML; it reads as a line break
    /** Every text cell of a sheet, each checked to be a plain string and no formula. */
    const textsOf = (name: string, only: (cell: ExcelJS.Cell) => boolean) => {
      const sheet = read.Sheets[name]!;
      const texts: string[] = [];
      book.getWorksheet(name)!.eachRow((row) => {
        row.eachCell((cell) => {
          if (!only(cell)) return;
          expect(cell.formula, cell.address).toBeUndefined();
          expect(cell.type, cell.address).toBe(ExcelJS.ValueType.String);
          expect(sheet[cell.address], cell.address).toMatchObject({ t: "s" });
          expect(sheet[cell.address].f, cell.address).toBeUndefined();
          texts.push(String(cell.value));
        });
      });
      return texts;
    };
    const texts = textsOf("=Danger", () => true);
    expect(texts).toEqual(expect.arrayContaining(["=Prompt"]));
    // The section and table titles are listed on About, as text.
    const about = textsOf("About", (cell) => ["=Danger", "@Hostile table"].includes(String(cell.value)));
    expect(about).toEqual(expect.arrayContaining(["=Danger", "@Hostile table"]));
    for (const t of STARTS)
      expect(
        texts.filter((x) => x === shown(t)),
        t,
      ).toHaveLength(2); // prompt and URL
    expect(read.SheetNames).toContain("=Danger");
  });
});

describe("xlsx backend failures", () => {
  it("leaves nothing behind when the output directory cannot be created", async () => {
    const root = testDir("xlsx-fail");
    await writeFile(join(root, "blocker"), "not a directory");
    await expect(writeWith(backend, sampleView(), join(root, "blocker", "out"), {})).rejects.toThrow();
    expect(await readdir(root)).toEqual(["blocker"]);
  });

  it("leaves no partial or temporary file when the final rename fails", async () => {
    const root = testDir("xlsx-fail");
    // A directory squatting on the target name makes the rename fail after the data is written.
    const target = join(root, `${sampleView().name}.xlsx`);
    await mkdir(target);
    await expect(writeWith(backend, sampleView(), root, {})).rejects.toThrow();
    expect(await readdir(root)).toEqual([`${sampleView().name}.xlsx`]);
    expect(await readdir(target)).toEqual([]);
  });
});
