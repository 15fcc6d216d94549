/**
 * Reads where each named destination of a Chromium PDF lands: the exact page of every section,
 * taken from the layout Chromium actually printed (no estimate from element offsets). Chromium
 * writes a catalog `/Dests` dictionary with one `[page /XYZ x y z]` array per link target.
 */
import { catalogNumber, objectBody, type PdfDoc, parsePdf, refIn } from "./_pdf-parse.js";

/** Page object numbers in document order, from the page tree. */
export function pageObjects(doc: PdfDoc): number[] {
  const pagesRoot = refIn(objectBody(doc, catalogNumber(doc)), "Pages");
  if (pagesRoot === undefined) throw new Error("PDF: catalog without /Pages");
  const pages: number[] = [];
  const walk = (num: number, depth: number) => {
    if (depth > 32) throw new Error("PDF: page tree too deep");
    const body = objectBody(doc, num);
    const kids = /\/Kids\s*\[([^\]]*)\]/.exec(body);
    if (!kids) {
      pages.push(num);
      return;
    }
    for (const k of kids[1]!.matchAll(/(\d+)\s+0\s+R/g)) walk(Number(k[1]), depth + 1);
  };
  walk(pagesRoot, 0);
  return pages;
}

/** Named destinations → 1-based page numbers (the cover is page 1). */
export function destinationPages(doc: PdfDoc): Map<string, number> {
  const catalog = objectBody(doc, catalogNumber(doc));
  const destsRef = refIn(catalog, "Dests");
  if (destsRef === undefined) throw new Error("PDF: catalog without /Dests (no link targets printed?)");
  const index = new Map(pageObjects(doc).map((num, i) => [num, i + 1]));
  const result = new Map<string, number>();
  for (const m of objectBody(doc, destsRef).matchAll(/\/([^\s/[\]<>()]+)\s*\[\s*(\d+)\s+0\s+R/g)) {
    const page = index.get(Number(m[2]));
    if (page !== undefined) result.set(m[1]!, page);
  }
  return result;
}

/** The page each anchor starts on, in the order given; throws if Chromium printed one nowhere. */
export function anchorPages(pdf: Uint8Array, anchors: readonly string[]): number[] {
  const pages = destinationPages(parsePdf(pdf));
  return anchors.map((a) => {
    const page = pages.get(a);
    if (page === undefined) throw new Error(`PDF: no destination for #${a}`);
    return page;
  });
}
