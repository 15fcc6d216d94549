/**
 * Post-processing of the PDF Chromium prints, with pdf-lib: where each section landed (from the
 * named destinations Chromium writes for link targets) and a bookmark per section. The contents'
 * page numbers are written by _pdf-contents.ts.
 */
import {
  ParseSpeeds,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
} from "pdf-lib";

/** One bookmark: its title and the named destination (section anchor) it opens. */
export interface Bookmark {
  title: string;
  anchor: string;
}

/** Loads a printed PDF as it is: Chromium's producer and dates stay. */
export function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  // In one go: pdf-lib otherwise yields to the event loop every 100 objects (a timer each).
  return PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
}

/** The document's bytes, written in one go (see loadPdf). */
export function savePdf(doc: PDFDocument): Promise<Uint8Array> {
  return doc.save({ objectsPerTick: Number.POSITIVE_INFINITY });
}

/**
 * The 1-based page each anchor starts on, in the order given, read from the catalog's `/Dests`
 * (Chromium writes `/name [pageRef /XYZ x y z]` for every link target): the layout Chromium
 * actually printed, not an estimate. Throws if an anchor was printed nowhere.
 */
export function anchorPages(doc: PDFDocument, anchors: readonly string[]): number[] {
  const dests = doc.catalog.lookupMaybe(PDFName.of("Dests"), PDFDict);
  if (!dests) throw new Error("PDF: catalog without /Dests (no link targets printed?)");
  const pageOf = new Map(doc.getPages().map((p, i) => [p.ref, i + 1]));
  return anchors.map((anchor) => {
    const target = dests.lookupMaybe(PDFName.of(anchor), PDFArray)?.get(0);
    const page = target instanceof PDFRef ? pageOf.get(target) : undefined;
    if (page === undefined) throw new Error(`PDF: no destination for #${anchor}`);
    return page;
  });
}

/**
 * Adds a document outline, one entry per section, opened with the document. (Chromium's own
 * `outline: true` would also tag the whole PDF, which makes it about three times larger.)
 */
export function addOutline(doc: PDFDocument, bookmarks: readonly Bookmark[]): void {
  if (bookmarks.length === 0) return;
  const ctx = doc.context;
  const root = ctx.nextRef();
  const refs = bookmarks.map(() => ctx.nextRef());
  bookmarks.forEach((b, i) => {
    const item = ctx.obj({});
    item.set(PDFName.of("Title"), PDFHexString.fromText(b.title));
    item.set(PDFName.of("Parent"), root);
    if (i > 0) item.set(PDFName.of("Prev"), refs[i - 1]!);
    if (i < refs.length - 1) item.set(PDFName.of("Next"), refs[i + 1]!);
    // Anchors are [a-z0-9-] (anchorOf), so they are valid PDF names as they are.
    item.set(PDFName.of("Dest"), PDFName.of(b.anchor));
    ctx.assign(refs[i]!, item);
  });
  const outlines = ctx.obj({});
  outlines.set(PDFName.of("Type"), PDFName.of("Outlines"));
  outlines.set(PDFName.of("First"), refs[0]!);
  outlines.set(PDFName.of("Last"), refs.at(-1)!);
  outlines.set(PDFName.of("Count"), PDFNumber.of(refs.length));
  ctx.assign(root, outlines);
  doc.catalog.set(PDFName.of("Outlines"), root);
  doc.catalog.set(PDFName.of("PageMode"), PDFName.of("UseOutlines"));
}
