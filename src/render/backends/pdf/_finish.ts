/**
 * Post-processing of the PDFs Chromium prints, with pdf-lib: where each section landed (from the
 * named destinations Chromium writes for link targets), a bookmark per section, and the cover
 * (printed as a document of its own) put in front with page labels that match the printed page
 * numbers. The contents' page numbers are written by _contents.ts.
 */
import {
  ParseSpeeds,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFPage,
  PDFRef,
  PDFString,
} from "pdf-lib";
import { type ErrorCategory, VreportError } from "../../../contract/index.js";

/** One bookmark: its title and the named destination (section anchor) it opens. */
export interface Bookmark {
  title: string;
  anchor: string;
}

/**
 * The printed PDF lacks a section's link target or its link in the contents, so the contents' page
 * numbers and the bookmarks have nothing to point at. The package's templates print both; an
 * agency's `templatesDir` whose layout.hbs drops `id="{{anchor}}"` or whose toc.hbs drops
 * `href="#{{anchor}}"` does not (docs/templates.md), so it ends a run as a broken template does
 * (exit 2). Not retried: the same templates print the same PDF.
 */
export class PdfAnchorError extends VreportError {
  readonly code = "PDF_ANCHOR";
  constructor(message: string) {
    super(`${message} (do the templates keep each section's id="{{anchor}}" and its contents link?)`);
  }

  override get category(): ErrorCategory {
    return "usage";
  }

  override get retryable(): boolean {
    return false;
  }
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
  if (!dests) throw new PdfAnchorError("PDF: catalog without /Dests (no link targets printed)");
  const pageOf = new Map(doc.getPages().map((p, i) => [p.ref, i + 1]));
  return anchors.map((anchor) => {
    const target = dests.lookupMaybe(PDFName.of(anchor), PDFArray)?.get(0);
    const page = target instanceof PDFRef ? pageOf.get(target) : undefined;
    if (page === undefined) throw new PdfAnchorError(`PDF: no destination for #${anchor}`);
    return page;
  });
}

/**
 * The 1-based page of the first link to `anchor` (Chromium writes `/Dest /anchor` in the link's
 * annotation): where the contents start, when the cover is printed in the same document.
 * Throws if no page links to it.
 */
export function firstLinkPage(doc: PDFDocument, anchor: string): number {
  const pages = doc.getPages();
  const at = pages.findIndex((page) =>
    (page.node.lookupMaybe(PDFName.of("Annots"), PDFArray)?.asArray() ?? []).some((ref) => {
      const dest = doc.context.lookupMaybe(ref, PDFDict)?.get(PDFName.of("Dest"));
      return dest instanceof PDFName && dest.decodeText() === anchor;
    }),
  );
  if (at < 0) throw new PdfAnchorError(`PDF: no link to #${anchor}`);
  return at + 1;
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

/**
 * Puts `cover`'s pages (one, unless a very long title pushed the facts onto a second) in front
 * of `doc` and labels the pages as they are printed: "Cover", then 1, 2, … from the first page
 * after it, so a viewer's page box shows the number in the footer and in the contents.
 */
export async function prependCover(doc: PDFDocument, cover: PDFDocument, label = "Cover"): Promise<void> {
  const pages = await doc.copyPages(cover, cover.getPageIndices());
  retagFonts(pages);
  pages.forEach((page, i) => {
    doc.insertPage(i, page);
  });
  labelPages(doc, pages.length, label);
}

/**
 * Labels the pages as they are printed: `label` ("Cover" in the report's language) for the first `coverPages`, then 1, 2, … from
 * the first page after them, so a viewer's page box shows the number in the footer and in the
 * contents.
 */
export function labelPages(doc: PDFDocument, coverPages: number, label = "Cover"): void {
  const ctx = doc.context;
  const coverLabel = ctx.obj({});
  // The cover's label in the report's language ("Deckblatt"): UTF-16 text when it is not ASCII.
  coverLabel.set(
    PDFName.of("P"),
    /^[\x20-\x7e]*$/.test(label) ? PDFString.of(label) : PDFHexString.fromText(label),
  );
  const bodyLabel = ctx.obj({});
  bodyLabel.set(PDFName.of("S"), PDFName.of("D"));
  const labels = ctx.obj({});
  labels.set(PDFName.of("Nums"), ctx.obj([0, coverLabel, coverPages, bodyLabel]));
  doc.catalog.set(PDFName.of("PageLabels"), labels);
}

/**
 * Gives the cover's font subsets tags of their own. Both prints name their subsets
 * `AAAAAA+NotoSans-Bold`, `BAAAAA+…`, but they hold different glyphs, and a subset tag must name
 * one subset in a document (viewers may cache fonts by name).
 */
function retagFonts(pages: readonly PDFPage[]): void {
  const seen = new Set<PDFObject>();
  const retag = (dict: PDFDict | undefined, key: "BaseFont" | "FontName", tag: string) => {
    const name = dict?.get(PDFName.of(key));
    if (name instanceof PDFName)
      dict!.set(PDFName.of(key), PDFName.of(name.decodeText().replace(/^[A-Z]{6}\+/, tag)));
  };
  for (const page of pages) {
    const fonts = page.node.Resources()?.lookupMaybe(PDFName.of("Font"), PDFDict);
    for (const ref of fonts?.values() ?? []) {
      const font = page.doc.context.lookupMaybe(ref, PDFDict);
      if (!font || seen.has(ref)) continue;
      // VRCOVA+, VRCOVB+, …: six capitals, as the PDF format requires of a subset tag.
      const tag = `VRCOV${String.fromCharCode(65 + (seen.size % 26))}+`;
      seen.add(ref);
      retag(font, "BaseFont", tag);
      const cid = font.lookupMaybe(PDFName.of("DescendantFonts"), PDFArray)?.lookupMaybe(0, PDFDict);
      retag(cid, "BaseFont", tag);
      const descriptor = (cid ?? font).lookupMaybe(PDFName.of("FontDescriptor"), PDFDict);
      retag(descriptor, "FontName", tag);
    }
  }
}
