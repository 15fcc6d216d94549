/**
 * The HTML report on the demo view, client profile: one self-contained file
 * under 2 MB that a real Chromium opens from disk, with JavaScript on or off, without a console
 * error and without asking for anything but `data:` URIs; its contents link to its sections; it
 * shows every figure the page formats must show, in order.
 */
import { readFile, stat } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { presentationOf } from "../../src/config/presentation.js";
import { closeBrowser } from "../../src/render/backends/pdf/_browser.js";
import { loadBackend } from "../../src/render/backends/registry.js";
import { presentView } from "../../src/render/present.js";
import type { ReportView } from "../../src/render/types.js";
import { tempDir } from "../_tmp.js";
import { writeWith } from "../pipeline/_write-with.js";
import { DEMO_VIEW_HOOK_TIMEOUT, demoView } from "../report/_demo-view.js";
import { expectedNumbersBySection, extractNumbers, tally } from "./_extract.js";
import { visitHtml } from "./_html-tools.js";

/** The demo HTML's size limit (docs/architecture.md, "The HTML report"). */
const MAX_BYTES = 2 * 1024 * 1024;

describe("the demo report as HTML", () => {
  const out = tempDir("demo-html");
  let view: ReportView;
  let file: string;
  const presentation = presentationOf("client");

  beforeAll(async () => {
    view = await demoView();
    const files = await writeWith(await loadBackend("html"), view, out, { presentation });
    expect(files).toHaveLength(1);
    file = files[0]!;
  }, DEMO_VIEW_HOOK_TIMEOUT);

  afterAll(async () => {
    await closeBrowser();
  });

  it("is one file under 2 MB that names nothing outside itself", async () => {
    const { size } = await stat(file);
    expect(size).toBeLessThan(MAX_BYTES);
    expect(size).toBeGreaterThan(100_000); // the charts are in it
    const html = await readFile(file, "utf8");
    // Every src and url() is a data: URI; no link, script or @import at all.
    for (const [, src] of html.matchAll(/\ssrc="([^"]{0,12})/g)) expect(src).toMatch(/^data:/);
    for (const [, url] of html.matchAll(/url\(\s*["']?([^"')]{0,12})/g)) expect(url).toMatch(/^data:/);
    expect(html).not.toMatch(/<link|<script|@import|<iframe|<object/i);
  });

  for (const javaScript of [false, true])
    it(`opens in Chromium from disk (JavaScript ${javaScript ? "on" : "off"}): no console error, no request, working contents`, async () => {
      // VREPORT_HTML_SCREENSHOT=shot.png saves what the browser showed, to look at.
      const shot = process.env.VREPORT_HTML_SCREENSHOT;
      const visit = await visitHtml(file, { javaScript, ...(shot ? { screenshot: shot } : {}) });
      expect(visit.errors).toEqual([]);
      expect(visit.requests).toEqual([]);
      expect(visit.brokenAnchors).toEqual([]);
      expect(visit.bodyHeight).toBeGreaterThan(3000);
      // A window wider than print.css's breakpoint (which hides the body for the PDF's tab).
      expect((await visitHtml(file, { javaScript, width: 2600 })).bodyHeight).toBeGreaterThan(3000);
    });

  it("shows every section and every figure the page formats show", async () => {
    const pages = presentView(view, presentation);
    const { text } = await visitHtml(file, { javaScript: false });
    for (const s of pages.sections) expect(text).toContain(s.title);
    expect(text).not.toContain("Latest answers"); // the client profile leaves it to the workbook
    // As often as the view has them (KPI cards print value, change, previous: another order).
    const shown = tally(extractNumbers(text));
    for (const section of expectedNumbersBySection(pages))
      for (const [figure, count] of tally(section.numbers))
        expect(shown.get(figure) ?? 0, `${section.title}: ${figure}`).toBeGreaterThanOrEqual(count);
    expect(expectedNumbersBySection(pages).flatMap((s) => s.numbers).length).toBeGreaterThan(100);
  });
});
