import { langOf } from "../../../format/i18n/index.js";
import { htmlOf } from "../../html/compose.js";
import { anchorOf } from "../../html/context.js";
import { hasEmbeddedFont } from "../../html/theme-css.js";
import type { RenderOptions, ReportView } from "../../types.js";
import type { Backend } from "../backend.js";
import { closeBrowser, warmUp, withPages } from "./_browser.js";
import { print } from "./_print.js";
import { pdf } from "./meta.js";

export { PdfTimeoutError } from "./_browser.js";

/** PDF-only options on top of the shared ones. */
export interface PdfRenderOptions extends RenderOptions {
  /** Budget for the print, in ms. Default 60 s. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/** Documents printed per report, side by side in tabs of their own: the body and the cover. */
const PRINTS = 2;

/**
 * Prints `view` to PDF bytes with exact contents page numbers and a bookmark per section: tagged
 * in one document with `accessible` (_accessible.ts), else as follows.
 *
 * The cover and the body are printed as two documents, side by side in two tabs: the body's
 * pages then count from 1 ("Page 1 of N" on the contents page, N without the cover, which has
 * no header or footer), as CSS alone cannot leave the cover out of `counter(pages)`. The body
 * is laid out and printed once: where each section starts is read from its named destinations,
 * and those numbers are written into the contents' page-number slots, which were printed blank
 * at their final width (_contents.ts). Then the cover is put in front.
 */
export async function renderPdfBytes(view: ReportView, options: PdfRenderOptions = {}): Promise<Uint8Array> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (options.accessible) {
    const { renderAccessiblePdf } = await import("./_accessible.js");
    return renderAccessiblePdf(view, options, timeoutMs);
  }
  // pdf-lib (~0.15 s to load) is only needed once the print is back: loading it while Chromium
  // prints keeps it off a cold `generate`'s path.
  const postprocessing = Promise.all([import("./_finish.js"), import("./_contents.js")]);
  postprocessing.catch(() => undefined); // reported below, after the print
  const anchors = view.sections.map((_, i) => anchorOf(i));
  const html = htmlOf(view, options);
  const [body, cover] = [html("body"), html("cover")];
  const font = hasEmbeddedFont(view);
  const [bodyBytes, coverBytes] = await withPages(timeoutMs, PRINTS, ([a, b]) =>
    Promise.all([print(a!, body, options, false, font), print(b!, cover, options, false, font)]),
  );
  const [{ addOutline, anchorPages, loadPdf, prependCover, savePdf }, { fillContentsPages }] =
    await postprocessing;
  const [doc, coverDoc] = await Promise.all([loadPdf(bodyBytes), loadPdf(coverBytes)]);
  if (anchors.length > 0) {
    const pages = anchorPages(doc, anchors);
    // The contents start on the body's page 1 and end where the first section starts.
    fillContentsPages(doc, 1, pages[0]! - 1, pages);
    addOutline(
      doc,
      view.sections.map((s, i) => ({ title: s.title, anchor: anchors[i]! })),
    );
  }
  await prependCover(doc, coverDoc, langOf(view.branding.locale).m.pdf.coverLabel);
  return savePdf(doc);
}

/** The PDF backend: Handlebars HTML printed by the shared headless Chromium. */
export const backend: Backend<"pdf"> = {
  ...pdf,
  // The browser, and the first report's tabs, start ahead of the first render.
  warmUp: () => warmUp(PRINTS),
  close: closeBrowser,
  async render(view, options) {
    // Rendered fully in memory: a failure at any stage leaves nothing to write.
    return [{ path: `${view.name}.pdf`, data: await renderPdfBytes(view, options) }];
  },
};
