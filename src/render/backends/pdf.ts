import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "puppeteer";
import type { Backend, RenderOptions, ReportView } from "../types.js";
import { writeFileAtomic } from "../write-atomic.js";
import { withPage } from "./_pdf-browser.js";
import { anchorOf, documentContext } from "./_pdf-context.js";
import { contentWidthMm, dynamicCss, pageSizeMm } from "./_pdf-css.js";
import { addOutline, anchorPages, loadPdf, replacePages, savePdf } from "./_pdf-finish.js";
import { renderLayout } from "./_pdf-templates.js";

export { closeBrowser, PdfTimeoutError, warmUpBrowser } from "./_pdf-browser.js";

/** PDF-only options on top of the shared ones. */
export interface PdfRenderOptions extends RenderOptions {
  /** Budget for the whole render (both prints), in ms. Default 60 s. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * The HTML Chromium prints for `view`; `pages[i]` is section i's page for the contents (blank if
 * null); `totalPages` is the N of "Page X of N" when this print is not the whole report.
 */
export function renderHtml(
  view: ReportView,
  options: RenderOptions = {},
  pages: readonly number[] | null = null,
  totalPages?: number,
): string {
  const c = view.cover;
  const css = dynamicCss(options, view.branding.accentColor, {
    title: c.title,
    period: `${c.periodStart} – ${c.periodEnd}`,
    footer: view.branding.footerText ?? view.branding.agencyName,
    ...(totalPages !== undefined ? { pages: totalPages } : {}),
  });
  return renderLayout(documentContext(view, pages, contentWidthMm(options)), css);
}

/**
 * The cover and the contents with their page numbers, then each section's heading alone (so the
 * contents' links have targets and Chromium writes them as links): printed on its own, its
 * contents pages replace the blank-numbered ones of the full print. "Page X of N" counts the
 * full document's `totalPages`.
 */
function contentsHtml(
  view: ReportView,
  options: RenderOptions,
  pages: readonly number[],
  totalPages: number,
): string {
  const headingsOnly = { ...view, sections: view.sections.map((s) => ({ ...s, blocks: [] })) };
  return renderHtml(headingsOnly, options, pages, totalPages);
}

async function printOnce(page: Page, html: string, options: RenderOptions): Promise<Uint8Array> {
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
 * One full print, with the contents' numbers blank (their column has a fixed width, so the
 * numbers cannot move anything), tells where every section starts; then only the cover and
 * contents are printed again with those numbers, and their contents pages are swapped in.
 * The whole report is laid out and printed once, not twice.
 */
export async function renderPdfBytes(view: ReportView, options: PdfRenderOptions = {}): Promise<Uint8Array> {
  const anchors = view.sections.map((_, i) => anchorOf(i));
  const body = renderHtml(view, options);
  return withPage(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, async (page) => {
    const doc = await loadPdf(await printOnce(page, body, options));
    if (anchors.length === 0) return savePdf(doc);
    const pages = anchorPages(doc, anchors);
    const contents = await loadPdf(
      await printOnce(page, contentsHtml(view, options, pages, doc.getPageCount()), options),
    );
    // The contents start on page 2, after the cover, and end where the first section starts.
    const [printedFirst] = anchorPages(contents, anchors);
    if (printedFirst !== pages[0]) throw new Error("PDF: the contents printed alone took other pages");
    await replacePages(doc, contents, 2, pages[0]! - 2);
    addOutline(
      doc,
      view.sections.map((s, i) => ({ title: s.title, anchor: anchors[i]! })),
    );
    return savePdf(doc);
  });
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
  async render(view, outDir, options) {
    return [await renderPdf(view, outDir, options)];
  },
};
