import { readFileSync } from "node:fs";
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFString,
} from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeBrowser } from "../../src/render/backends/pdf/_browser.js";
import { backend } from "../../src/render/backends/pdf/backend.js";
import type { ReportView } from "../../src/render/types.js";
import { pdfDirs } from "../_tmp.js";
import { PROMPT_LABELS, sampleView } from "../fixtures/sample-view.js";
import { writeWith } from "../pipeline/_write-with.js";
import {
  pdfInfo,
  pdfOutline,
  pdfPages,
  pdfStructure,
  type StructElement,
  squash,
  structElements,
  structText,
} from "./_pdf-tools.js";

// VREPORT_PDF_KEEP=1 keeps the PDFs (path printed) to look at them with pdftoppm.
const { dir } = pdfDirs("pdf-a11y");

afterAll(async () => {
  await closeBrowser();
});

/** Writes `view` as a PDF, accessible or not, in a folder of its own. */
async function printed(view: ReportView, name: string, accessible: boolean): Promise<string> {
  const [file] = await writeWith(backend, view, dir(name), { accessible });
  return file!;
}

/** The `/Alt` of every Figure element of a tagged PDF's structure tree, in reading order. */
async function figureAlts(file: string): Promise<string[]> {
  const doc = await PDFDocument.load(readFileSync(file));
  const alts: string[] = [];
  const visit = (value: PDFObject | undefined): void => {
    const obj = value instanceof PDFRef ? doc.context.lookup(value) : value;
    if (obj instanceof PDFArray) for (const kid of obj.asArray()) visit(kid);
    if (!(obj instanceof PDFDict)) return;
    if (obj.get(PDFName.of("S")) === PDFName.of("Figure")) {
      const alt = obj.lookup(PDFName.of("Alt"));
      alts.push(alt instanceof PDFString || alt instanceof PDFHexString ? alt.decodeText() : "(none)");
    }
    visit(obj.get(PDFName.of("K")));
  };
  visit(doc.catalog.get(PDFName.of("StructTreeRoot")));
  return alts;
}

/** The sample view under a plain title (pdftotext and poppler's structure text drop the space after an emoji). */
function plainView(): ReportView {
  const view = sampleView();
  view.cover.title = "Acme report";
  return view;
}

// The sample trend chart (test/fixtures/sample-view.ts), by hand: mention rate 40 %, 42 %, 45 %
// and citation rate 10 %, 12 %, none on 2026-10-30..2026-11-01.
const TREND_ALT =
  "Line chart. From 2026-10-30 to 2026-11-01. " +
  "Mention rate: first 40.0% (2026-10-30), last 45.0% (2026-11-01), lowest 40.0% (2026-10-30), highest 45.0% (2026-11-01). " +
  "Citation rate: first 10.0% (2026-10-30), last 12.0% (2026-10-31), lowest 10.0% (2026-10-30), highest 12.0% (2026-10-31).";

describe("accessible PDF (--accessible): the sample report", () => {
  const view = plainView();
  let file = "";
  let tree: StructElement;
  let elements: StructElement[] = [];

  beforeAll(async () => {
    file = await printed(view, "sample", true);
    tree = pdfStructure(file);
    elements = structElements(tree);
  });

  it("is tagged, with the report's title (shown in the viewer's window) and language", async () => {
    const info = pdfInfo(file);
    expect(info.Tagged).toBe("yes");
    expect(info.Title).toBe(view.cover.title);
    expect(info["Page size"]).toMatch(/\(A4\)/);
    const doc = await PDFDocument.load(readFileSync(file));
    expect(doc.catalog.lookup(PDFName.of("Lang"), PDFString).decodeText()).toBe("en-US");
    const prefs = doc.catalog.lookup(PDFName.of("ViewerPreferences"), PDFDict);
    expect(prefs.get(PDFName.of("DisplayDocTitle"))?.toString()).toBe("true");
  });

  it("has the cover's title as H1, then Contents and each numbered section as H2, in reading order", () => {
    const headings = elements.filter((e) => /^H\d$/.test(e.type)).map((e) => `${e.type} ${structText(e)}`);
    expect(headings).toEqual([
      "H1 Acme report",
      "H2 Contents",
      "H2 1 Executive summary",
      "H2 2 Summary",
      "H2 3 Trend",
      "H2 4 Prompts",
      "H2 5 Content",
      "H2 6 Methodology",
      "H3 An empty table",
    ]);
  });

  it("lists the contents between the cover and the first section, each entry with its page", () => {
    const at = (el: StructElement | undefined) => elements.indexOf(el!);
    const contents = elements.find((e) => e.type === "H2" && structText(e) === "Contents");
    const list = elements.find((e, i) => e.type === "L" && i > at(contents));
    const first = elements.find((e) => e.type === "H2" && structText(e) === "1 Executive summary");
    expect(at(elements.find((e) => e.type === "H1"))).toBeLessThan(at(contents));
    expect(at(list)).toBeLessThan(at(first));
    // Body pages count from the contents page (1): the executive summary, summary and trend fit
    // on page 2 of the sample, the rest on page 3 (checked against the printed pages below).
    expect(list!.content.flatMap((c) => (typeof c === "string" ? [] : [structText(c)]))).toEqual([
      "1 Executive summary 2",
      "2 Summary 2",
      "3 Trend 2",
      "4 Prompts 3",
      "5 Content 3",
      "6 Methodology 3",
    ]);
    const pages = pdfPages(file).map(squash);
    expect(pages.findIndex((p) => p.includes("4 Prompts") && !p.includes("Contents"))).toBe(3);
    expect(pages.findIndex((p) => p.includes("3 Trend") && !p.includes("Contents"))).toBe(2);
  });

  it("gives the prompts table header cells scoped to their columns, and a data cell under each", () => {
    const tables = elements.filter((e) => e.type === "Table");
    // Trend, Prompts (the empty table prints a sentence, not a table).
    expect(tables).toHaveLength(2);
    const prompts = structElements(tables[1]!);
    const th = prompts.filter((e) => e.type === "TH");
    // Poppler joins a heading's wrapped lines without a space ("MENTIONRATE"): compared without spaces.
    expect(th.map((cell) => structText(cell).replace(/\s/g, ""))).toEqual(
      PROMPT_LABELS.map((l) => l.toUpperCase().replace(/\s/g, "")),
    );
    for (const cell of th) expect(cell.attrs.Scope).toBe("/Column");
    expect(prompts.filter((e) => e.type === "TD")).toHaveLength(3 * 8);
  });

  it("makes the trend chart a figure, after its heading, with its data in words as alternative text", async () => {
    const trend = elements.findIndex((e) => e.type === "H2" && structText(e) === "3 Trend");
    const prompts = elements.findIndex((e) => e.type === "H2" && structText(e) === "4 Prompts");
    const figure = elements.findIndex((e) => e.type === "Figure");
    expect(figure).toBeGreaterThan(trend);
    expect(figure).toBeLessThan(prompts);
    // No caption: the title is drawn into the image (docs/decisions.md, Layout of the page formats).
    expect(structText(elements[figure]!)).toBe("");
    // The figure and its image each say the title, then the data.
    const alt = `Mention and citation rate by day. ${TREND_ALT}`;
    expect(await figureAlts(file)).toEqual([alt, alt]);
  });

  it("prints the same pages as the untagged two-document print: cover unnumbered, then 'Page 1 of N'", async () => {
    const untagged = await printed(view, "untagged", false);
    expect(pdfInfo(untagged).Tagged).toBe("no");
    // Word for word, page for page (pdftotext's blank lines may differ where the tagging splits runs of text).
    const pages = pdfPages(file);
    expect(pages.map(squash)).toEqual(pdfPages(untagged).map(squash));
    expect(pages[0]).not.toMatch(/Page \d+ of/);
    expect(squash(pages[1]!)).toContain(`Page 1 of ${pages.length - 1}`);
  });

  it("labels the pages 'Cover', 1, 2, … and bookmarks each section", async () => {
    const doc = await PDFDocument.load(readFileSync(file));
    const labels = doc.catalog.lookup(PDFName.of("PageLabels"), PDFDict).lookup(PDFName.of("Nums"), PDFArray);
    expect(labels.asArray().map(String)).toEqual(["0", "<<\n/P (Cover)\n>>", "1", "<<\n/S /D\n>>"]);
    expect(pdfOutline(file)).toEqual(view.sections.map((s) => s.title));
  });
});

describe("accessible PDF: a cover of several pages", () => {
  it("prints the pages the untagged print does, counting from the contents, every cover page labelled 'Cover'", async () => {
    const view = plainView();
    view.cover.title = `AI visibility report — ${"Extraordinarily long project name ".repeat(40)}`;
    const [tagged, untagged] = [
      await printed(view, "long", true),
      await printed(view, "long-untagged", false),
    ];
    const pages = pdfPages(tagged).map(squash);
    expect(pages).toEqual(pdfPages(untagged).map(squash));
    // The first numbered page is the contents page, "Page 1"; every page before it is the cover's.
    const covers = pages.findIndex((p) => /Page \d+ of/.test(p));
    expect(covers).toBeGreaterThan(1); // the title alone fills more than one page
    expect(pages[covers]).toContain("Contents");
    expect(pages[covers]).toContain(`Page 1 of ${pages.length - covers}`);
    const doc = await PDFDocument.load(readFileSync(tagged));
    const nums = doc.catalog.lookup(PDFName.of("PageLabels"), PDFDict).lookup(PDFName.of("Nums"), PDFArray);
    expect(nums.get(2).toString()).toBe(String(covers));
    expect(pdfInfo(tagged).Tagged).toBe("yes");
  });
});
