/**
 * The agency's notes in every format (docs/notes.md): first in their sections in the PDF (real
 * Chromium, read back with pdftotext) and the Markdown, listed on the workbook's About sheet; a
 * hostile note stays inert; `--draft` marks every PDF page.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseNotes } from "../../src/config/notes-file.js";
import { viewOf } from "../../src/pipeline/plan.js";
import { DRAFT_LINE, backend as md } from "../../src/render/backends/markdown/backend.js";
import { closeBrowser } from "../../src/render/backends/pdf/_browser.js";
import { backend as pdf } from "../../src/render/backends/pdf/backend.js";
import { backend as xlsx } from "../../src/render/backends/xlsx/backend.js";
import { renderHtml } from "../../src/render/html/compose.js";
import type { ReportView } from "../../src/render/types.js";
import { tempDir } from "../_tmp.js";
import { HOSTILE_NOTE, SAMPLE_NOTES_FILE } from "../fixtures/notes.js";
import { smallReportData } from "../fixtures/report-data.js";
import { SAMPLE_BRANDING } from "../fixtures/sample-view.js";
import { writeWith } from "../pipeline/_write-with.js";
import { pdfPages, squash } from "./_pdf-tools.js";

const NOTES = parseNotes(SAMPLE_NOTES_FILE, "notes.md");

async function noted(notes = NOTES): Promise<ReportView> {
  const plan = await viewOf(smallReportData(), {
    formats: ["pdf", "md", "xlsx"],
    branding: { ...SAMPLE_BRANDING },
    notes,
  });
  return plan.view;
}

/** Positions of each pattern in `text`, in the order given; -1 where one is missing. */
function positions(text: string, patterns: readonly (string | RegExp)[]): number[] {
  return patterns.map((p) => (typeof p === "string" ? text.indexOf(p) : text.search(p)));
}

const increasing = (xs: readonly number[]) => xs.every((x, i) => x >= 0 && (i === 0 || x > xs[i - 1]!));

describe("notes in every format", () => {
  const dir = tempDir("notes");
  let view: ReportView;
  beforeAll(async () => {
    view = await noted();
  });
  afterAll(async () => {
    await closeBrowser();
  });

  it("puts each note first in its section's blocks, before a computed sentence", () => {
    const first = (key: string) => view.sections.find((s) => s.key === key)!.blocks[0];
    expect(first("executive_summary")).toEqual({ kind: "note", markdown: NOTES.executive_summary });
    expect(first("competitors")).toEqual({ kind: "note", markdown: NOTES.competitors });
    expect(view.sections.filter((s) => s.blocks.some((b) => b.kind === "note")).map((s) => s.key)).toEqual([
      "executive_summary",
      "competitors",
    ]);
  });

  it("PDF: each note is printed at the top of its section", async () => {
    const [file] = await writeWith(pdf, view, join(dir, "pdf"));
    // After the cover and the contents page, which name the sections too.
    const body = squash(pdfPages(file!).slice(2).join("\n"));
    expect(
      positions(body, [
        /1\s*Executive summary/,
        "October was the first month above 40% — after the pricing pages went live.",
        "Marker one: our plan.",
        "Mention rate rose significantly",
        /6\s*Competitors/,
        "Marker two: Lumora's rise follows its comparison pages.",
        "Mention rate: rank",
      ]),
    ).toSatisfy(increasing);
  });

  it("Markdown: each note right under its section's heading", async () => {
    const [file] = await writeWith(md, view, join(dir, "md"));
    const lines = (await readFile(file!, "utf8")).split("\n");
    const under = (heading: string, n: number) => {
      const at = lines.indexOf(heading);
      return lines.slice(at + 1, at + 1 + n);
    };
    expect(under("## Executive summary", 5)).toEqual([
      "",
      "October was the **first month** above 40% — after the pricing pages went live.",
      "",
      "- Marker one: [our plan](https://example.com/plan).",
      "",
    ]);
    expect(under("## Competitors", 3)).toEqual([
      "",
      "Marker two: Lumora's rise follows its comparison pages.",
      "",
    ]);
  });

  it("workbook: About lists the notes as plain text, section by section", async () => {
    const [file] = await writeWith(xlsx, view, join(dir, "xlsx"));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile(file!)) as unknown as ExcelJS.Buffer);
    const about = wb.getWorksheet("About")!;
    const rows: string[][] = [];
    about.eachRow((row) => {
      rows.push([1, 2].map((c) => String(row.getCell(c).value ?? "")));
    });
    const at = rows.findIndex((r) => r[0] === "Notes");
    expect(rows.slice(at, at + 4)).toEqual([
      ["Notes", ""],
      ["Section", "Note"],
      [
        "Executive summary",
        "October was the first month above 40% — after the pricing pages went live.\n\n• Marker one: our plan (https://example.com/plan).",
      ],
      ["Competitors", "Marker two: Lumora's rise follows its comparison pages."],
    ]);
    expect(rows.findIndex((r) => r[0] === "Contents")).toBeGreaterThan(at + 3);
  });

  it("a hostile note is inert in the PDF's HTML and in the Markdown", async () => {
    const hostile = await noted({ summary: HOSTILE_NOTE });
    const html = renderHtml(hostile, {}, "body");
    const note = html.slice(
      html.indexOf('<div class="commentary">'),
      html.indexOf("</div>", html.indexOf('<div class="commentary">')),
    );
    expect(note).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    // The handlers are there as text ("onerror=alert(2)"), never inside a tag.
    expect(note).not.toMatch(/<(script|img|iframe|table)|<[^>]*\son(error|click)=|href="(?!https?:)/i);
    const [file] = await writeWith(md, hostile, join(dir, "hostile-md"));
    const text = await readFile(file!, "utf8");
    // Only the escaped forms: `\]` and `\!` are text, not a link's end or an image's start.
    expect(text).not.toMatch(
      /<script|<img|<div|(?<!\\)\]\((javascript|data|vbscript|file):|(?<!\\)!\[pixel\]/i,
    );
    expect(text).toContain("\\![pixel](https://tracker.example/p.png)");
  });
});

describe("generate --draft", () => {
  const dir = tempDir("draft");
  afterAll(async () => {
    await closeBrowser();
  });

  it('marks every PDF page "DRAFT", the cover too; a final copy has no mark', async () => {
    const view = await noted();
    const [draft] = await writeWith(pdf, view, join(dir, "draft"), { draft: true });
    const pages = pdfPages(draft!);
    expect(pages.length).toBeGreaterThan(5);
    expect(pages.map((p, i) => `page ${i + 1}: ${/\bDRAFT\b/.test(p)}`)).toEqual(
      pages.map((_, i) => `page ${i + 1}: true`),
    );
    const [final] = await writeWith(pdf, view, join(dir, "final"));
    expect(pdfPages(final!).filter((p) => /\bDRAFT\b/.test(p))).toEqual([]);
  });

  it("says so under the workbook's title", async () => {
    const [file] = await writeWith(xlsx, await noted(), join(dir, "xlsx"), { draft: true });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile(file!)) as unknown as ExcelJS.Buffer);
    expect(wb.getWorksheet("About")!.getCell("A2").value).toBe("DRAFT: a review copy, not the final report.");
  });

  it("says so under the Markdown report's title", async () => {
    const view = await noted();
    const [file] = await writeWith(md, view, join(dir, "md"), { draft: true });
    const lines = (await readFile(file!, "utf8")).split("\n");
    expect(lines.slice(1, 4)).toEqual(["", DRAFT_LINE, ""]);
    expect(lines[0]).toMatch(/^# AI visibility report/);
  });
});
