import { pathToFileURL } from "node:url";
import { getBrowser } from "../../src/render/backends/pdf/_browser.js";

/** What a browser saw opening an HTML report from disk. */
export interface HtmlVisit {
  /** The page's visible text (`innerText`: hidden elements left out, table cells tab-separated). */
  text: string;
  /** Console messages of level error, uncaught page errors and CSP violations. */
  errors: string[];
  /** Every URL the page asked for besides the file itself and `data:` URIs. */
  requests: string[];
  /** The ids the contents' links point to that no element of the page has. */
  brokenAnchors: string[];
  /** Height of the laid-out body in CSS pixels (0 if it was hidden). */
  bodyHeight: number;
}

/**
 * Opens `file` as a reader would (a `file:` URL in an ordinary tab of the shared Chromium, a
 * 1280 px window), with JavaScript on or off, and records what it printed to the console and
 * asked the network for. `screenshot` saves a PNG of the whole page, for looking at.
 */
export async function visitHtml(
  file: string,
  options: { javaScript: boolean; screenshot?: string; width?: number },
): Promise<HtmlVisit> {
  const browser = await getBrowser();
  const page = await browser.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  const url = pathToFileURL(file).href;
  try {
    await page.setViewport({ width: options.width ?? 1280, height: 900 });
    await page.setJavaScriptEnabled(options.javaScript);
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warn") errors.push(`${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => errors.push(`pageerror: ${String(e)}`));
    page.on("request", (r) => {
      if (r.url() !== url && !r.url().startsWith("data:")) requests.push(r.url());
    });
    page.on("requestfailed", (r) => {
      if (r.url() !== url && !r.url().startsWith("data:")) errors.push(`requestfailed: ${r.url()}`);
    });
    await page.goto(url, { waitUntil: "load" });
    const seen = await page.evaluate(() => {
      const missing = [...document.querySelectorAll<HTMLAnchorElement>("a[href^='#']")]
        .map((a) => a.getAttribute("href")!.slice(1))
        .filter((id) => document.getElementById(id) === null);
      return {
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text (hidden parts left out) is what a reader sees
        text: document.body.innerText,
        brokenAnchors: missing,
        bodyHeight: document.body.getBoundingClientRect().height,
      };
    });
    if (options.screenshot)
      await page.screenshot({ path: options.screenshot as `${string}.png`, fullPage: true });
    return { ...seen, errors, requests };
  } finally {
    await page.close();
  }
}
