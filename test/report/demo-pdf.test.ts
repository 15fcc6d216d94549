import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeBrowser } from "../../src/render/backends/pdf/_browser.js";
import { backend as pdf } from "../../src/render/backends/pdf/backend.js";
import { renderHtml } from "../../src/render/html/compose.js";
import { contentWidthMm, pageSizeMm } from "../../src/render/html/css.js";
import { NO_SIGNIFICANT_CHANGE } from "../../src/render/kpi-change.js";
import { presentView } from "../../src/render/present.js";
import type { Block, ReportView } from "../../src/render/types.js";
import { tempDir } from "../_tmp.js";
import { writeWith } from "../pipeline/_write-with.js";
import {
  expectedNumbersBySection,
  extractNumbers,
  formatValue,
  mutedKpis,
  tally,
} from "../render/_extract.js";
import { overflowsAt } from "../render/_overflow.js";
import { pdfFonts, pdfInfo, pdfPages, squash } from "../render/_pdf-tools.js";
import { DEMO_VIEW_HOOK_TIMEOUT, demoView } from "./_demo-view.js";

/** The demo report at a fixed day, printed to PDF and read back with poppler. */
describe("the demo report as PDF", () => {
  const out = tempDir("demo-pdf");
  let view: ReportView;
  let file: string;
  let pages: string[];

  beforeAll(async () => {
    view = await demoView();
    file = (await writeWith(pdf, view, out, { pageSize: "A4" }))[0]!;
    pages = pdfPages(file);
  }, DEMO_VIEW_HOOK_TIMEOUT);

  afterAll(async () => {
    await closeBrowser();
  });

  it("prints every KPI in the output conventions of docs/architecture.md", () => {
    const flat = squash(pages.join("\n"));
    const kpis = view.sections.flatMap((s) => s.blocks.flatMap((b) => (b.kind === "kpis" ? b.items : [])));
    expect(kpis.length).toBeGreaterThanOrEqual(4);
    for (const k of kpis) {
      expect(flat).toContain(`${k.label.toUpperCase()}`);
      expect(flat).toContain(formatValue(k.type, k.value));
      expect(flat).toContain(
        squash(`${formatValue(k.deltaType, k.delta)} vs ${formatValue(k.type, k.previous)}`),
      );
      // The output conventions (docs/architecture.md), independent of the formatter: 42.3%, +4.2 pp / −1.0 pp / 0.0 pp
      // (a no-break space before "pp"), 12,345.
      if (k.type === "percent") {
        expect(formatValue(k.type, k.value)).toMatch(/^\d{1,3}\.\d%$/);
        expect(formatValue(k.deltaType, k.delta)).toMatch(/^(?:[+\u2212]\d+\.\d|0\.0)\u00a0pp$/);
      } else expect(formatValue(k.type, k.value)).toMatch(/^\d{1,3}(?:,\d{3})*$/);
    }
  });

  it("has every section under its number, on the page the contents gives, from 'Page 1 of N' on", () => {
    // The cover is unnumbered and not counted: the contents page is "Page 1 of N", N = pages − 1.
    const n = pages.length - 1;
    expect(Number(pdfInfo(file).Pages)).toBe(n + 1);
    expect(squash(pages[0]!)).not.toMatch(/Page \d+ of/);
    expect(squash(pages[1]!)).toContain(`Page 1 of ${n}`);
    for (const [i, p] of pages.entries()) if (i > 0) expect(squash(p)).toContain(`Page ${i} of ${n}`);
    const toc = squash(pages[1]!);
    view.sections.forEach((s, i) => {
      const heading = `${i + 1} ${s.title}`;
      // The printed number of the first page after the contents that shows the numbered heading.
      const printedOn = pages.findIndex((p, at) => at > 1 && squash(p).includes(heading));
      expect(printedOn, s.title).toBeGreaterThan(1);
      expect(toc, s.title).toContain(`${heading} ${printedOn}`);
      expect(squash(pages[printedOn]!), s.title).toContain(`Page ${printedOn} of ${n}`);
    });
  });

  it("never leaves a section's heading at the foot of a page: its intro and the start of what it introduces follow", () => {
    // What the PDF shows (the page formats' view): the opening text, then the first block it introduces.
    presentView(view).sections.forEach((s, i) => {
      const heading = `${i + 1} ${s.title}`;
      const page = pages.find((p, at) => at > 1 && squash(p).includes(heading))!;
      const after = squash(page).split(heading)[1]!;
      const shown = after.slice(0, after.lastIndexOf(" Page "));
      const firstWord = (text: string) => squash(text).split(" ")[0] ?? "";
      const opening = (b: Block) => b.kind === "paragraph" || b.kind === "note" || b.kind === "legend";
      const intro = s.blocks.slice(
        0,
        Math.max(
          0,
          s.blocks.findIndex((b) => !opening(b)),
        ),
      );
      for (const b of intro)
        if (b.kind === "paragraph") expect(shown, `${s.title}: intro`).toContain(squash(b.text).slice(0, 30));
      const first = s.blocks.find((b) => !opening(b));
      // The start of what the heading introduces: a table's header and its first row, a chart's
      // title, the first KPI, quote, bullet or notice.
      const starts: string[] = [];
      if (first?.kind === "table" && first.rows.length > 0) {
        const c = first.columns[0]!;
        starts.push(firstWord(c.label.toUpperCase()), firstWord(String(first.rows[0]![c.key] ?? "")));
      } else if (first?.kind === "table") starts.push(firstWord(first.emptyText));
      else if (first?.kind === "chart") starts.push(squash(first.chart.title));
      else if (first?.kind === "kpis") starts.push(first.items[0]!.label.toUpperCase());
      else if (first?.kind === "quote") starts.push(squash(first.title).slice(0, 30));
      else if (first?.kind === "bullets") starts.push(squash(first.items[0]!).slice(0, 30));
      else if (first?.kind === "notice") starts.push(squash(first.text).slice(0, 30));
      // Unless the intro itself fills the rest of the page (its last words end the page's text):
      // then the heading is not left alone, and what it introduces starts the next page.
      const last = [...intro].reverse().find((b) => b.kind === "paragraph");
      const tail = last?.kind === "paragraph" ? squash(last.text).slice(-30).trim() : null;
      const rest =
        tail !== null && shown.includes(tail) ? shown.slice(shown.lastIndexOf(tail) + tail.length) : null;
      // What follows the intro on its page is the footer's agency name only.
      const introFills = rest !== null && rest.trim() === view.branding.agencyName;
      if (!introFills)
        for (const start of starts) expect(shown, `${s.title}: ${first?.kind}`).toContain(start);
    });
  });

  it("shows every figure of the section model", () => {
    const shown = tally(extractNumbers(pages.join("\n")));
    for (const section of expectedNumbersBySection(view))
      for (const [figure, count] of tally(section.numbers))
        expect(shown.get(figure) ?? 0, `${section.title}: ${figure}`).toBeGreaterThanOrEqual(count);
  });

  it("says which KPI changes are not significant, and only those", () => {
    // Lower-case: the KPI notes (the executive summary's sentences start with a capital), up to
    // the methodology, which quotes the words.
    const all = squash(pages.join("\n"));
    const text = all.slice(0, all.lastIndexOf("Methodology"));
    expect(text.split(NO_SIGNIFICANT_CHANGE).length - 1).toBe(mutedKpis(view));
    expect(text.split("95% interval").length - 1).toBeGreaterThanOrEqual(3);
  });

  it("clips nothing and lets nothing overflow at A4 or Letter, portrait or landscape", async () => {
    // What the PDF backend is given: the page formats' view, without the workbook-only columns.
    const pages = presentView(view);
    for (const pageSize of ["A4", "Letter"] as const)
      for (const landscape of [false, true]) {
        const options = { pageSize, landscape };
        const setup = `${pageSize}${landscape ? " landscape" : ""}`;
        expect(await overflowsAt(renderHtml(pages, options, "body"), contentWidthMm(options)), setup).toEqual(
          [],
        );
        expect(
          await overflowsAt(renderHtml(pages, options, "cover"), pageSizeMm(options).width),
          setup,
        ).toEqual([]);
      }
  });

  it("embeds every font and stays under 1.5 MB", () => {
    const fonts = pdfFonts(file);
    expect(fonts.filter((f) => !f.embedded)).toEqual([]);
    expect(Number(/(\d+) bytes/.exec(pdfInfo(file)["File size"]!)?.[1])).toBeLessThan(1.5 * 1024 * 1024);
  });
});
