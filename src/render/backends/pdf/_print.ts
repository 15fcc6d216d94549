import type { Page } from "puppeteer";
import { pageSizeMm } from "../../html/css.js";
import { EMBEDDED_FAMILY } from "../../html/theme-css.js";
import type { RenderOptions } from "../../types.js";

/**
 * Prints `html` to PDF in `page` (a locked tab, _browser.ts). `tagged` asks Chromium for a
 * tagged PDF, its structure tree built from the HTML (headings, tables, figures with their alt
 * text, reading order): the accessible print (docs/accessibility.md). `embeddedFont`: the
 * document embeds a theme's font file (docs/templates.md), which is waited for.
 */
export async function print(
  page: Page,
  html: string,
  options: RenderOptions,
  tagged = false,
  embeddedFont = false,
): Promise<Uint8Array> {
  // The page is about:blank with request interception on; setContent writes the document into
  // it, so even the main document is never fetched from anywhere.
  await page.setContent(html, { waitUntil: "load" });
  // A theme's font file is a data: URI that request interception hands back asynchronously:
  // without this wait the page is printed in the fallback font. The package's own fonts are
  // local() and need none, so a report without one is printed as before.
  if (embeddedFont)
    await page.evaluate(async (family) => {
      await document.fonts.load(`1em "${family}"`);
      await document.fonts.ready;
    }, EMBEDDED_FAMILY);
  const { width, height } = pageSizeMm(options);
  return page.pdf({
    width: `${width}mm`,
    height: `${height}mm`,
    preferCSSPageSize: true,
    printBackground: true,
    // Running header/footer are CSS margin boxes (see templates/print.css), so Chromium's own
    // header/footer stays off; bookmarks are added by addOutline (_finish.ts), not by Chromium's
    // outline, which nests every heading under the cover's title (and tags the whole PDF).
    displayHeaderFooter: false,
    tagged,
    outline: false,
    timeout: 0,
  });
}
