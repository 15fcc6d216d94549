import { getBrowser } from "../../src/render/backends/pdf/_browser.js";

/** One element whose content is wider than its box, or that sticks out of the text column. */
export interface Overflow {
  element: string;
  text: string;
  contentPx: number;
  boxPx: number;
}

/**
 * The elements of `html` laid out `widthMm` wide (a printed page's text column) whose content is
 * wider than their own box (a figure spilling over its neighbour, clipped text) or whose box ends
 * right of the column. Checked in an ordinary tab of the shared browser with print media and a
 * script of the test's own: the locked tab the PDF is printed in runs none. The widths are the
 * printed ones, as a page break moves content down, never sideways.
 */
export async function overflowsAt(html: string, widthMm: number): Promise<Overflow[]> {
  const browser = await getBrowser();
  const page = await browser.newPage();
  try {
    await page.emulateMediaType("print");
    await page.setViewport({ width: Math.round((widthMm / 25.4) * 96), height: 1000 });
    await page.setContent(html, { waitUntil: "load" });
    return await page.evaluate(() => {
      // A hidden body (print.css hides it in windows wider than any page) would pass vacuously.
      if (document.body.getBoundingClientRect().height === 0) throw new Error("nothing was laid out");
      const right = document.body.getBoundingClientRect().right;
      const out: Overflow[] = [];
      for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
        const style = getComputedStyle(el);
        if (style.display === "none" || style.display === "inline") continue;
        const box = el.getBoundingClientRect();
        // More than a pixel: sub-pixel rounding differs between scrollWidth and clientWidth.
        const spills = el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0;
        const outside = box.right > right + 1;
        if (spills || outside)
          out.push({
            element: `${el.tagName.toLowerCase()}.${el.className}`,
            text: (el.textContent ?? "").trim().slice(0, 60),
            contentPx: outside ? box.right : el.scrollWidth,
            boxPx: outside ? right : el.clientWidth,
          });
      }
      return out;
    });
  } finally {
    await page.close();
  }
}
