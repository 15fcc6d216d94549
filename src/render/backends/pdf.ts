import { createHash } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "puppeteer";
import type { Backend, RenderOptions, ReportView } from "../types.js";
import { writeFileAtomic } from "../write-atomic.js";
import { withPage } from "./_pdf-browser.js";
import { anchorOf, documentContext } from "./_pdf-context.js";
import { contentWidthMm, dynamicCss, pageSizeMm } from "./_pdf-css.js";
import { anchorPages } from "./_pdf-dests.js";
import { appendOutline } from "./_pdf-outline.js";
import { renderLayout } from "./_pdf-templates.js";

export { closeBrowser, PdfTimeoutError } from "./_pdf-browser.js";

/** PDF-only options on top of the shared ones. */
export interface PdfRenderOptions extends RenderOptions {
  /** Budget for the whole render (both print passes), in ms. Default 60 s. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;
// The contents page is printed again until its numbers match where sections land. The layout
// keeps the page column a fixed width, so the second pass always agrees; the cap guards the rest.
const MAX_PASSES = 3;

/**
 * The HTML Chromium prints for `view`; `pages[i]` is section i's page for the contents (blank if
 * null); a `draft` has blank charts of the same size, for the layout-only first pass.
 */
export function renderHtml(
  view: ReportView,
  options: RenderOptions = {},
  pages: readonly number[] | null = null,
  draft = false,
): string {
  const c = view.cover;
  const css = dynamicCss(options, view.branding.accentColor, {
    title: c.title,
    period: `${c.periodStart} – ${c.periodEnd}`,
    footer: view.branding.footerText ?? view.branding.agencyName,
  });
  return renderLayout(documentContext(view, pages, draft, contentWidthMm(options)), css);
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
    // header/footer stays off; bookmarks are appended by appendOutline, not by Chromium's outline
    // (which forces a tagged PDF: measured 3× larger).
    displayHeaderFooter: false,
    tagged: false,
    outline: false,
    timeout: 0,
  });
}

// Where each section landed in recent reports, by a hash of the layout-only HTML (which holds
// every text and size that decides the layout). Printing the same report again (a retry, another
// recipient) then needs one pass: the guessed numbers are checked against the printed PDF.
const KNOWN_PAGES = new Map<string, number[]>();
const KNOWN_PAGES_MAX = 32;

function remember(key: string, pages: number[]): void {
  KNOWN_PAGES.delete(key);
  KNOWN_PAGES.set(key, pages);
  if (KNOWN_PAGES.size > KNOWN_PAGES_MAX) KNOWN_PAGES.delete(KNOWN_PAGES.keys().next().value!);
}

/** Prints `view` to PDF bytes: contents page numbers exact (read back from the printed PDF), bookmarks per section. */
export async function renderPdfBytes(view: ReportView, options: PdfRenderOptions = {}): Promise<Uint8Array> {
  const anchors = view.sections.map((_, i) => anchorOf(i));
  const draft = renderHtml(view, options, null, true);
  const key = createHash("sha256").update(draft).digest("hex");
  return withPage(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, async (page) => {
    // Pass 1 prints the layout-only draft to learn the pages, unless they are known already;
    // each later pass prints the real document with the pages learnt, and is the last one when
    // the sections land where its contents says.
    let pages: number[] | null = KNOWN_PAGES.get(key) ?? null;
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const html = pages === null ? draft : renderHtml(view, options, pages, false);
      const pdf = await printOnce(page, html, options);
      const printed = anchorPages(pdf, anchors);
      if (pages !== null && printed.every((p, i) => p === pages![i])) {
        remember(key, printed);
        return appendOutline(
          pdf,
          view.sections.map((s, i) => ({ title: s.title, anchor: anchors[i]! })),
        );
      }
      pages = printed;
    }
    throw new Error("PDF: contents page numbers did not settle");
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
