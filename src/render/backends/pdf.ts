import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "puppeteer";
import type { Backend, RenderOptions, ReportView } from "../types.js";
import { writeFileAtomic } from "../write-atomic.js";
import { warmUp, withPages } from "./_pdf-browser.js";
import { anchorOf, documentContext } from "./_pdf-context.js";
import { contentWidthMm, dynamicCss, pageSizeMm } from "./_pdf-css.js";
import { withoutFigureSpaces } from "./_pdf-slot.js";
import { type DocumentPart, renderLayout } from "./_pdf-templates.js";

export { closeBrowser, PdfTimeoutError } from "./_pdf-browser.js";

/** PDF-only options on top of the shared ones. */
export interface PdfRenderOptions extends RenderOptions {
  /** Budget for the print, in ms. Default 60 s. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/** Documents printed per report, side by side in tabs of their own: the body and the cover. */
const PRINTS = 2;

/** Starts the shared browser, and opens the first report's tabs, ahead of the first render. */
export function warmUpBrowser(): void {
  warmUp(PRINTS);
}

/**
 * The HTML of `part` of `view`: Chromium prints the cover and the body as two documents; the
 * whole report in one document is for comparisons and checks.
 */
export function renderHtml(
  view: ReportView,
  options: RenderOptions = {},
  part: DocumentPart = "whole",
): string {
  return htmlOf(view, options)(part);
}

/** The HTML of each part of `view`, from one template context (tables are laid out once). */
function htmlOf(view: ReportView, options: RenderOptions): (part: DocumentPart) => string {
  const c = view.cover;
  const css = dynamicCss(options, view.branding.accentColor, {
    title: withoutFigureSpaces(c.title),
    period: `${c.periodStart} – ${c.periodEnd}`,
    footer: withoutFigureSpaces(view.branding.footerText ?? view.branding.agencyName),
  });
  const context = documentContext(view, contentWidthMm(options));
  return (part) => renderLayout(context, css, part);
}

async function print(page: Page, html: string, options: RenderOptions): Promise<Uint8Array> {
  // The page is about:blank with request interception on; setContent writes the document into
  // it, so even the main document is never fetched from anywhere.
  await page.setContent(html, { waitUntil: "load" });
  const { width, height } = pageSizeMm(options);
  return page.pdf({
    width: `${width}mm`,
    height: `${height}mm`,
    preferCSSPageSize: true,
    printBackground: true,
    // Running header/footer are CSS margin boxes (see templates/print.css), so Chromium's own
    // header/footer stays off; bookmarks are added by addOutline, not by Chromium's outline
    // (which forces a tagged PDF: measured 3× larger).
    displayHeaderFooter: false,
    tagged: false,
    outline: false,
    timeout: 0,
  });
}

/**
 * Prints `view` to PDF bytes with exact contents page numbers and a bookmark per section.
 *
 * The cover and the body are printed as two documents, side by side in two tabs: the body's
 * pages then count from 1 ("Page 1 of N" on the contents page, N without the cover, which has
 * no header or footer), as CSS alone cannot leave the cover out of `counter(pages)`. The body
 * is laid out and printed once: where each section starts is read from its named destinations,
 * and those numbers are written into the contents' page-number slots, which were printed blank
 * at their final width (_pdf-contents.ts). Then the cover is put in front.
 */
export async function renderPdfBytes(view: ReportView, options: PdfRenderOptions = {}): Promise<Uint8Array> {
  // pdf-lib (~0.15 s to load) is only needed once the print is back: loading it while Chromium
  // prints keeps it off a cold `generate`'s path.
  const postprocessing = Promise.all([import("./_pdf-finish.js"), import("./_pdf-contents.js")]);
  postprocessing.catch(() => undefined); // reported below, after the print
  const anchors = view.sections.map((_, i) => anchorOf(i));
  const html = htmlOf(view, options);
  const [body, cover] = [html("body"), html("cover")];
  const [bodyBytes, coverBytes] = await withPages(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, PRINTS, ([a, b]) =>
    Promise.all([print(a!, body, options), print(b!, cover, options)]),
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
  await prependCover(doc, coverDoc);
  return savePdf(doc);
}

/** Writes `<view.name>.pdf` into `outDir` through a temporary file; returns its path. */
export async function renderPdf(
  view: ReportView,
  outDir: string,
  options: PdfRenderOptions = {},
): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const path = join(outDir, `${view.name}.pdf`);
  // Rendered fully in memory first: a failure at any stage writes nothing at all.
  await writeFileAtomic(path, await renderPdfBytes(view, options));
  return path;
}

/** The PDF backend: Handlebars HTML printed by the shared headless Chromium. */
export const backend: Backend = {
  format: "pdf",
  extension: "pdf",
  chartImage: "svg",
  async render(view, outDir, options) {
    return [await renderPdf(view, outDir, options)];
  },
};
