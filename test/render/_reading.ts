import type { Page } from "puppeteer";
import { getBrowser } from "../../src/render/backends/pdf/_browser.js";

/** What a laid-out report looks like to a reader, measured in the browser. */
export interface Reading {
  /** Words whose letters sit on two lines (a break inside a word), with their element's class. */
  brokenWords: string[];
  /** How far the document is wider than the window, in CSS pixels (0: nothing to scroll sideways). */
  overflowPx: number;
  /** For each row of KPI cards, the tops of its figures (equal when the cards align). */
  kpiRows: number[][];
  /** The viewport meta's content, or null. */
  viewport: string | null;
}

/** Measures the page as laid out (run in the page: our test's own script, not the report's). */
function measure(): Reading {
  const brokenWords: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    // A URL breaks anywhere by design (td.cell--url); a hidden element is not read.
    if (!el || el.closest(".cell--url") || !el.checkVisibility()) continue;
    for (const m of (node.textContent ?? "").matchAll(/[^\s\-–—/]+/g)) {
      // A domain, an address or a path-like token may break anywhere; so may one letter.
      if (m[0].length < 2 || /[.@:_]\S/.test(m[0])) continue;
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
      if (tops.length > 1 && Math.max(...tops) - Math.min(...tops) > 4)
        brokenWords.push(`${m[0]} (${el.className || el.tagName.toLowerCase()})`);
    }
  }
  const kpiRows: number[][] = [];
  for (const cards of document.querySelectorAll(".kpis")) {
    const rows = new Map<number, number[]>();
    for (const card of cards.querySelectorAll(".kpi")) {
      const top = Math.round(card.getBoundingClientRect().top);
      const value = card.querySelector(".kpi__value")!.getBoundingClientRect().top;
      rows.set(top, [...(rows.get(top) ?? []), Math.round(value * 10) / 10]);
    }
    kpiRows.push(...rows.values());
  }
  return {
    brokenWords,
    overflowPx: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
    kpiRows,
    viewport: document.querySelector('meta[name="viewport"]')?.getAttribute("content") ?? null,
  };
}

/**
 * Lays `html` out in an ordinary tab of the shared Chromium `widthPx` wide, for `media` (print:
 * the PDF's text column; screen: the HTML report in a window that wide), and measures it.
 */
export async function readingOf(html: string, widthPx: number, media: "print" | "screen"): Promise<Reading> {
  const browser = await getBrowser();
  const page: Page = await browser.newPage();
  try {
    await page.emulateMediaType(media);
    await page.setViewport({ width: widthPx, height: 900 });
    await page.setContent(html, { waitUntil: "load" });
    return await page.evaluate(measure);
  } finally {
    await page.close();
  }
}
