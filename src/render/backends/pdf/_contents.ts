/**
 * The contents' page numbers, written into the contents pages Chromium printed (its slots are
 * _slot.ts).
 *
 * Where a section starts is only known once the whole report has been printed, and the contents
 * come before it. So each page-number slot is printed as SLOT_WIDTH FIGURE SPACEs (U+2007) in
 * the contents' bold face, and afterwards each figure-space glyph of a slot is swapped for a
 * digit's glyph in the page's content stream. A figure space is as wide as a digit by definition
 * (572/1000 em in Noto Sans, whose figures are tabular), so the swap moves nothing: the number
 * sits exactly where Chromium laid the slot out, right-aligned, with no second print and nothing
 * measured. Chromium embeds font subsets with glyph ids as character codes (Identity-H) and a
 * ToUnicode map, which gives each digit's code; every digit a contents number needs is in the
 * subset, because page k's footer prints "Page k of N" in the same bold face.
 */
import { deflateSync } from "node:zlib";
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
} from "pdf-lib";
import { VreportError } from "../../../contract/index.js";
import { FIGURE_SPACE, filledSlot, SLOT_WIDTH } from "../../html/slot.js";

/** A contents slot that cannot be filled: the printed PDF is not laid out as this file expects. */
export class ContentsPageError extends VreportError {
  readonly code = "PDF_CONTENTS";
  constructor(message: string) {
    super(`PDF contents: ${message}`);
  }
}

/** Unicode code point → character code, read from a font's ToUnicode CMap (bfchar and bfrange). */
export function codesByCodePoint(cmap: string): Map<number, number> {
  const out = new Map<number, number>();
  const hex = (s: string) => Number.parseInt(s, 16);
  for (const [, body] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, text] of body!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
      if (text!.length === 4) out.set(hex(text!), hex(code!));
  for (const [, body] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, lo, hi, first] of body!.matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]{4})>/g,
    ))
      for (let c = hex(lo!); c <= hex(hi!); c++) out.set(hex(first!) + c - hex(lo!), c);
  return out;
}

/** The page's font resources that can print a figure space, by resource name, with their codes. */
function slotFonts(doc: PDFDocument, resources: PDFDict | undefined): Map<string, Map<number, number>> {
  const fonts = resources?.lookupMaybe(PDFName.of("Font"), PDFDict);
  const out = new Map<string, Map<number, number>>();
  for (const [name, ref] of fonts?.entries() ?? []) {
    const toUnicode = doc.context.lookupMaybe(ref, PDFDict)?.lookup(PDFName.of("ToUnicode"));
    if (!(toUnicode instanceof PDFRawStream)) continue;
    const codes = codesByCodePoint(Buffer.from(decodePDFRawStream(toUnicode).decode()).toString("latin1"));
    if (codes.has(FIGURE_SPACE)) out.set(name.decodeText(), codes);
  }
  return out;
}

/**
 * Replaces the figure spaces shown in `fonts` with `next()`'s code points, in drawing order, in
 * the content stream `content`; other fonts' text (a running header may hold a figure space) is
 * left alone. Returns the new content and how many glyphs were replaced.
 */
function fillSlots(content: string, fonts: Map<string, Map<number, number>>, next: () => number) {
  let codes: Map<number, number> | undefined;
  let replaced = 0;
  // Tokens that matter: font selections (`/F4 14.66 Tf`) and hex strings of glyph codes (Skia
  // writes all text as hex strings of 2-byte codes).
  const out = content.replace(/\/([^\s/<>[\]()]+)\s+[-\d.]+\s+Tf|<([0-9A-Fa-f\s]*)>/g, (token, font, hex) => {
    if (font !== undefined) {
      codes = fonts.get(font);
      return token;
    }
    if (codes === undefined) return token;
    const space = codes.get(FIGURE_SPACE)!;
    const glyphs = (hex as string).replace(/\s+/g, "").match(/.{4}/g) ?? [];
    return `<${glyphs
      .map((g) => {
        if (Number.parseInt(g, 16) !== space) return g;
        const cp = next();
        const code = codes!.get(cp);
        if (code === undefined)
          throw new ContentsPageError(`the font has no glyph for "${String.fromCodePoint(cp)}"`);
        replaced++;
        return code.toString(16).toUpperCase().padStart(4, "0");
      })
      .join("")}>`;
  });
  return { content: out, replaced };
}

/**
 * Writes `pageNumbers` (one per contents entry, in order) into the slots of `doc`'s pages
 * `first`..`last` (1-based): the contents pages. Throws ContentsPageError unless exactly
 * SLOT_WIDTH figure spaces per entry are found there.
 */
export function fillContentsPages(
  doc: PDFDocument,
  first: number,
  last: number,
  pageNumbers: readonly number[],
): void {
  const points: number[] = pageNumbers.flatMap((n) => {
    const text = String(n);
    if (text.length > SLOT_WIDTH) throw new ContentsPageError(`page ${n} does not fit a contents slot`);
    return [...filledSlot(n)].map((ch) => ch.codePointAt(0)!);
  });
  let at = 0;
  const next = () => {
    if (at >= points.length) throw new ContentsPageError("more page-number slots than entries");
    return points[at++]!;
  };
  for (const page of doc.getPages().slice(first - 1, last)) {
    const fonts = slotFonts(doc, page.node.Resources());
    if (fonts.size === 0) continue;
    const contents = page.node.get(PDFName.of("Contents"));
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    for (const ref of refs) {
      const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : undefined;
      if (!(ref instanceof PDFRef) || !(stream instanceof PDFRawStream)) continue;
      const text = Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1");
      const filled = fillSlots(text, fonts, next);
      // Node's zlib, not pdf-lib's flateStream: its JavaScript deflate takes about 3.5 times the CPU.
      if (filled.replaced > 0)
        doc.context.assign(
          ref,
          doc.context.stream(deflateSync(Buffer.from(filled.content, "latin1")), { Filter: "FlateDecode" }),
        );
    }
  }
  if (at !== points.length)
    throw new ContentsPageError(
      `found ${at / SLOT_WIDTH} page-number slots for ${pageNumbers.length} entries`,
    );
}
