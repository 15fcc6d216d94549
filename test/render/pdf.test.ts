import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PDFArray, PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeBrowser, getBrowser } from "../../src/render/backends/pdf/_browser.js";
import { backend, PdfTimeoutError } from "../../src/render/backends/pdf/backend.js";
import { layoutTable, TABLE_FONTS } from "../../src/render/html/columns.js";
import { renderHtml } from "../../src/render/html/compose.js";
import { contentWidthMm, cssString } from "../../src/render/html/css.js";
import { PT_MM, textEm } from "../../src/render/html/text-width.js";
import type { ReportView, Row } from "../../src/render/types.js";
import { pdfDirs } from "../_tmp.js";
import { HOSTILE, sampleView, tableSection } from "../fixtures/sample-view.js";
import { writeWith } from "../pipeline/_write-with.js";
import { expectedNumbers, extractNumbers, formatValue, tally } from "./_extract.js";
import { overflowsAt } from "./_overflow.js";
import {
  namedFonts,
  pdfFonts,
  pdfInfo,
  pdfOutline,
  pdfPages,
  pdfText,
  pdfWords,
  squash,
} from "./_pdf-tools.js";

// VREPORT_PDF_KEEP=1 keeps the PDFs (path printed) to look at them with pdftoppm.
const { dir } = pdfDirs("pdf");

afterAll(async () => {
  await closeBrowser();
});

/** A view with one section holding a `rows`-row table (long, wrapping text in every row). */
function bigTableView(rows: number): ReportView {
  const data: Row[] = Array.from({ length: rows }, (_, i) => ({
    text: `Row${String(i + 1).padStart(3, "0")} which CRM integrates with ${i % 7 === 0 ? "a very long prompt text ".repeat(6) : "Slack"}`,
    rate: (i % 100) / 100,
    count: 1000 + i,
  }));
  return sampleView({
    name: "big-table",
    sections: [
      tableSection("prompts", "Prompts", {
        id: "big",
        columns: [
          { key: "text", label: "Zetaprompt", type: "text" },
          { key: "rate", label: "Rate", type: "percent" },
          { key: "count", label: "Count", type: "count" },
        ],
        rows: data,
        emptyText: "No prompts.",
      }),
    ],
  });
}

/** A view with one 7-column table like "Latest answers": long prompt and preview text, Yes/No, dates. */
function wideTableView(): ReportView {
  const rows: Row[] = Array.from({ length: 40 }, (_, i) => ({
    day: "2026-11-01",
    platform: i % 2 === 0 ? "google_ai_overviews" : "chatgpt",
    prompt: `Which marketing analytics platform integrates best with Salesforce for team ${i}?`,
    mentioned: i % 3 === 0,
    cited: i % 5 === 0,
    competitors: "Lumora, Pulsegrid",
    preview: "Based on reviews and analyst coverage, these are the options most often shortlisted. ".repeat(
      2,
    ),
  }));
  return sampleView({
    name: "wide-table",
    sections: [
      tableSection("answers", "Latest answers", {
        id: "wide",
        columns: [
          { key: "day", label: "Collected", type: "date" },
          { key: "platform", label: "Platform", type: "platform" },
          { key: "prompt", label: "Prompt", type: "text" },
          { key: "mentioned", label: "Mentioned", type: "boolean" },
          { key: "cited", label: "Cited", type: "boolean" },
          { key: "competitors", label: "Competitors mentioned", type: "text" },
          { key: "preview", label: "Answer preview", type: "text" },
        ],
        rows,
        emptyText: "No answers.",
      }),
    ],
  });
}

/** The `<col>` of each column of the first table in `html`: its type and width in percent. */
function colWidths(html: string): { type: string; width: number }[] {
  const group = /<colgroup>(.*?)<\/colgroup>/s.exec(html)?.[1] ?? "";
  return [...group.matchAll(/<col class="col--(\w+)" style="width: ([\d.]+)%">/g)].map((m) => ({
    type: m[1]!,
    width: Number(m[2]),
  }));
}

describe("PDF backend: the sample report at A4 portrait", () => {
  const view = sampleView();
  let file = "";
  let text = "";
  let pages: string[] = [];

  beforeAll(async () => {
    file = (await writeWith(backend, view, dir("a4"), { pageSize: "A4" }))[0]!;
    text = pdfText(file);
    pages = pdfPages(file);
  });

  it("is an untagged A4 PDF named after the view", () => {
    expect(file.endsWith(`${view.name}.pdf`)).toBe(true);
    const info = pdfInfo(file);
    expect(info["Page size"]).toMatch(/\(A4\)/);
    expect(info.Tagged).toBe("no");
    expect(info.JavaScript).toBe("no");
    expect(Number(info.Pages)).toBe(pages.length);
  });

  it("has the cover facts on page 1, without running header or footer", () => {
    const cover = squash(pages[0]!);
    const c = view.cover;
    // pdftotext puts a large emoji on its own line; the title is compared without it.
    const noEmoji = (t: string) => squash(t.replace(/\p{Extended_Pictographic}/gu, " "));
    expect(noEmoji(cover)).toContain(noEmoji(c.title));
    for (const fact of [c.project, c.brand, c.brandDomain, c.asOf, c.timezone, view.branding.agencyName])
      expect(cover).toContain(fact);
    expect(cover).toContain(`${c.periodStart} – ${c.periodEnd}`);
    expect(cover).toContain(`${c.previousStart} – ${c.previousEnd}`);
    expect(cover).not.toMatch(/Page \d+ of/);
  });

  it("has the report title, period and 'Page X of N' on every other page, from 'Page 1 of N' on", () => {
    // The cover is not counted: N is the number of pages after it.
    const n = pages.length - 1;
    pages.slice(1).forEach((p, i) => {
      const flat = squash(p);
      expect(flat).toContain(`Page ${i + 1} of ${n}`);
      expect(flat).toContain(view.cover.title);
      expect(flat).toContain(`${view.cover.periodStart} – ${view.cover.periodEnd}`);
    });
  });

  it("lists every section in the contents with the page it starts on, and bookmarks each", () => {
    const toc = squash(pages[1]!);
    view.sections.forEach((s, i) => {
      const heading = `${i + 1} ${s.title}`;
      // The first page after the contents where the numbered heading is printed, by the number
      // in its footer (its index in the file, as the cover is not counted).
      const printed = pages.findIndex((p, at) => at > 1 && squash(p).includes(heading));
      expect(printed, s.title).toBeGreaterThan(1);
      expect(toc, s.title).toContain(`${heading} ${printed}`);
    });
    expect(pdfOutline(file)).toEqual(view.sections.map((s) => s.title));
  });

  it("labels the pages as printed: 'Cover', then 1, 2, … (what a viewer's page box shows)", async () => {
    const doc = await PDFDocument.load(readFileSync(file));
    const labels = doc.catalog.lookup(PDFName.of("PageLabels"), PDFDict);
    const nums = labels.lookup(PDFName.of("Nums"), PDFArray).asArray();
    expect(nums.map(String)).toEqual(["0", "<<\n/P (Cover)\n>>", "1", "<<\n/S /D\n>>"]);
  });

  it("sets each contents page number on its entry's line, flush with the entry's right edge", async () => {
    const doc = await PDFDocument.load(readFileSync(file));
    const pageHeight = doc.getPage(1).getHeight();
    const rects = (doc.getPage(1).node.lookupMaybe(PDFName.of("Annots"), PDFArray)?.asArray() ?? []).map(
      (ref) => doc.context.lookup(ref, PDFDict).lookup(PDFName.of("Rect"), PDFArray).asArray().map(Number),
    );
    const words = pdfWords(file, 2);
    view.sections.forEach((s, i) => {
      const [, bottom, right, top] = rects[i]!;
      // The words inside this entry's link box: its number, title words and page number.
      const inRow = words.filter((w) => w.yMin >= pageHeight - top! && w.yMax <= pageHeight - bottom!);
      const title = inRow.find((w) => w.text === s.title.split(" ")[0])!;
      const page = inRow.at(-1)!;
      expect(page.text, s.title).toMatch(/^\d+$/);
      expect(page.yMin, s.title).toBeCloseTo(title.yMin, 2);
      expect(page.yMax, s.title).toBeCloseTo(title.yMax, 2);
      expect(Math.abs(page.xMax - right!), s.title).toBeLessThan(0.5);
    });
  });

  it("links each contents entry to its section, with font subsets named once", async () => {
    const doc = await PDFDocument.load(readFileSync(file));
    const annots = doc.getPage(1).node.lookupMaybe(PDFName.of("Annots"), PDFArray);
    const dests = (annots?.asArray() ?? []).map((ref) =>
      doc.context.lookup(ref, PDFDict).get(PDFName.of("Dest"))?.toString(),
    );
    expect(dests).toEqual(view.sections.map((_, i) => `/sec-${i + 1}`));
    const names = namedFonts(file);
    expect(new Set(names).size).toBe(names.length);
  });

  it("starts with the executive summary and ends with the methodology", () => {
    const at = (title: string) => text.indexOf(title, text.indexOf("\f", text.indexOf("Contents")));
    expect(at("Executive summary")).toBeLessThan(at("Summary\n"));
    expect(at("Methodology")).toBeGreaterThan(at("Prompts"));
  });

  it("shows every KPI formatted, and every figure of the view", () => {
    const flat = squash(text);
    for (const b of view.sections.flatMap((s) => s.blocks))
      if (b.kind === "kpis")
        for (const k of b.items) {
          expect(flat).toContain(k.label.toUpperCase());
          expect(flat).toContain(formatValue(k.type, k.value));
          expect(flat).toContain(squash(formatValue(k.deltaType, k.delta)));
          expect(flat).toContain(`vs ${formatValue(k.type, k.previous)}`);
        }
    const shown = tally(extractNumbers(text));
    for (const [figure, count] of tally(expectedNumbers(view)))
      expect(shown.get(figure) ?? 0, figure).toBeGreaterThanOrEqual(count);
  });

  it("embeds every font (Noto, and the emoji)", () => {
    const fonts = pdfFonts(file);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((f) => !f.embedded)).toEqual([]);
    const named = fonts.filter((f) => f.type !== "Type 3").map((f) => f.name);
    for (const name of named) expect(name).toMatch(/\+NotoSans/);
    expect(squash(text)).toContain(HOSTILE.brand); // accents and the emoji survive as text
  });

  it("says missing data in words, and empty tables say so", () => {
    expect(squash(text)).toContain("The API key lacks the content:read scope, so content is not shown.");
    expect(squash(text)).toContain("Nothing to show for this period.");
  });
});

describe("PDF backend: layout", () => {
  it("fills the contents when the running header and footer hold figure spaces too", async () => {
    const view = sampleView();
    view.cover.title = `Acme\u2007\u2007\u2007\u2007report`;
    view.branding.footerText = "\u2007\u2007\u2007\u2007 confidential";
    const pages = pdfPages(
      await writeWith(backend, view, dir("figure-space"), { pageSize: "A4" }).then(([p]) => p!),
    );
    const toc = squash(pages[1]!);
    expect(toc).toContain("Acme report");
    view.sections.forEach((s, i) => {
      const heading = `${i + 1} ${s.title}`;
      const printed = pages.findIndex((p, at) => at > 1 && squash(p).includes(heading));
      expect(toc, s.title).toContain(`${heading} ${printed}`);
    });
  });

  it("finds text wider than its box or its column (the check the demo report must pass)", async () => {
    const html = renderHtml(sampleView(), {}, "body");
    expect(await overflowsAt(html, contentWidthMm({}))).toEqual([]);
    const figure = '<td class="cell--num">';
    const squeezed = html.replace(
      "</body>",
      `<table class="data" style="width: 20mm"><tr>${figure}12,345,678</td>${figure}1</td></tr></table></body>`,
    );
    expect((await overflowsAt(squeezed, contentWidthMm({}))).map((o) => o.text)).toContain("12,345,678");
    const wide = html.replace("</body>", '<p style="width: 400mm">too wide</p></body>');
    expect((await overflowsAt(wide, contentWidthMm({}))).map((o) => o.text)).toContain("too wide");
    await expect(overflowsAt(html, 600)).rejects.toThrow(/nothing was laid out/);
  });

  it("keeps every cover page when a very long title runs over, and counts from the page after them", async () => {
    const view = sampleView();
    view.cover.title = `AI visibility report — ${"Extraordinarily long project name ".repeat(40)}`;
    const file = await writeWith(backend, view, dir("long-cover"), {}).then(([p]) => p!);
    const pages = pdfPages(file);
    const first = pages.findIndex((p) => squash(p).includes("Contents"));
    expect(first).toBeGreaterThan(1); // the title alone fills more than one page
    for (const fact of [view.cover.project, view.cover.asOf, view.branding.agencyName])
      expect(squash(pages.slice(0, first).join(" "))).toContain(fact);
    for (const p of pages.slice(0, first)) expect(squash(p)).not.toMatch(/Page \d+ of/);
    expect(squash(pages[first]!)).toContain(`Page 1 of ${pages.length - first}`);
    const doc = await PDFDocument.load(readFileSync(file));
    const nums = doc.catalog.lookup(PDFName.of("PageLabels"), PDFDict).lookup(PDFName.of("Nums"), PDFArray);
    expect(nums.get(2).toString()).toBe(String(first));
    const names = namedFonts(file);
    expect(new Set(names).size).toBe(names.length);
  });

  it("prints Letter landscape at the right size", async () => {
    const file = await writeWith(backend, sampleView(), dir("letter"), {
      pageSize: "Letter",
      landscape: true,
    }).then(([p]) => p!);
    expect(pdfInfo(file)["Page size"]).toMatch(/^792 x 612 pts/);
    expect(squash(pdfText(file))).toContain("Page 1 of");
  });

  it("splits a long table across pages between rows, repeating its header row", async () => {
    const view = bigTableView(300);
    const file = await writeWith(backend, view, dir("big"), { pageSize: "A4" }).then(([p]) => p!);
    const pages = pdfPages(file);
    const spanned = pages.filter((p) => /Row\d{3}/.test(p));
    expect(spanned.length).toBeGreaterThanOrEqual(4);
    const headers = pages.reduce((n, p) => n + (p.match(/ZETAPROMPT/g)?.length ?? 0), 0);
    expect(headers).toBeGreaterThanOrEqual(spanned.length);
    // A row is whole on one page: its label and its count are printed on the same page.
    for (let i = 1; i <= 300; i++) {
      const label = `Row${String(i).padStart(3, "0")}`;
      const on = pages.filter((p) => p.includes(label));
      expect(on.length, label).toBe(1);
      expect(on[0], label).toContain(formatValue("count", 999 + i));
    }
  });
});

describe("PDF backend: hostile content", () => {
  let server: Server;
  let hits: string[];
  let base = "";

  beforeAll(async () => {
    hits = [];
    server = createServer((req, res) => {
      hits.push(req.url ?? "");
      res.end("x");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("runs no script, fetches nothing, reads no file, and prints the text literally", async () => {
    const attacks = [
      `<script>fetch("${base}/script")</script>`,
      `<img src=${base}/img>`,
      `<link rel=stylesheet href=${base}/css>`,
      `<iframe src="file:///etc/passwd"></iframe>`,
      `<a href="file:///etc/passwd">passwd</a>`,
      `</style><img src=${base}/style-escape>`,
      `{{cover.title}} {{{css}}}`,
    ];
    const view = sampleView();
    view.cover.title = `Report </style><img src=${base}/title> \\" } @import url(${base}/import);`;
    view.branding.footerText = `</style><script>fetch("${base}/footer")</script>`;
    view.branding.logo = {
      mime: "image/svg+xml",
      data: new TextEncoder().encode(
        `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="${base}/svg" width="10" height="10"/><script>fetch("${base}/svg-script")</script></svg>`,
      ),
    };
    view.sections[0]!.blocks.push({ kind: "paragraph", text: attacks.join("\n") });
    view.sections[0]!.blocks.push({ kind: "bullets", items: attacks });

    const html = renderHtml(view, {});
    expect(html).not.toMatch(/<script|<iframe|<link|<img src=http/i);
    const file = await writeWith(backend, view, dir("hostile"), {}).then(([p]) => p!);
    const flat = squash(pdfText(file));
    expect(hits).toEqual([]);
    for (const a of attacks) expect(flat).toContain(a);
    expect(flat).toContain(view.cover.title);
    expect(flat).toContain(view.branding.footerText);
    expect(flat).not.toContain("root:x:0:0");
  });
});

describe("PDF backend: browser lifecycle", () => {
  it("survives the browser being killed between two reports of a batch", async () => {
    const first = await writeWith(backend, sampleView(), dir("batch-1"), {}).then(([p]) => p!);
    const browser = await getBrowser();
    browser.process()?.kill("SIGKILL");
    const second = await writeWith(backend, sampleView(), dir("batch-2"), {}).then(([p]) => p!);
    expect(pdfInfo(second).Pages).toBe(pdfInfo(first).Pages);
    expect(await getBrowser()).not.toBe(browser);
  });

  it("reuses one browser, and gives a report's tabs to the next report, which prints nothing of the one before", async () => {
    const browser = await getBrowser();
    const first = sampleView();
    const firstCover = { ...first.cover, project: "Zephyrine Holdings", workspace: "Quillon Agency" };
    await writeWith(backend, { ...first, cover: firstCover }, dir("tabs-0"), {});
    // Chromium's first tab, the two the first report printed in (given back for the next) and the
    // two locked tabs opened ahead beside them.
    await vi.waitFor(async () => expect((await browser.pages()).length).toBe(5), { timeout: 5000 });
    const files: string[] = [];
    for (let i = 1; i <= 3; i++)
      files.push(await writeWith(backend, sampleView(), dir(`tabs-${i}`), {}).then(([p]) => p!));
    expect(await getBrowser()).toBe(browser);
    // The next reports printed in the tabs given back: no tab was opened for them.
    expect((await browser.pages()).length).toBe(5);
    for (const file of files) {
      const text = pdfText(file);
      expect(text).toContain("Acme Analytics");
      expect(text).not.toMatch(/Zephyrine|Quillon/);
    }
  });

  it("retries a report whose browser dies while it renders", async () => {
    const browser = await getBrowser();
    const rendering = writeWith(backend, sampleView(), dir("mid-render"), {}).then(([p]) => p!);
    setTimeout(() => browser.process()?.kill("SIGKILL"), 20);
    const file = await rendering;
    expect(Number(pdfInfo(file).Pages)).toBeGreaterThan(2);
  });

  it("times out without leaving a file, then renders again", async () => {
    const target = dir("timeout");
    await expect(
      writeWith(backend, sampleView(), target, { timeoutMs: 1 }).then(([p]) => p!),
    ).rejects.toBeInstanceOf(PdfTimeoutError);
    expect(readdirSync(target)).toEqual([]);
    const file = await writeWith(backend, sampleView(), target, {}).then(([p]) => p!);
    expect(readdirSync(target)).toEqual([`${sampleView().name}.pdf`]);
    expect(pdfInfo(file)["Page size"]).toMatch(/A4/);
  });
});

describe("PDF backend: HTML and templates", () => {
  it("escapes every untrusted string and uses no triple-stash", () => {
    const html = renderHtml(sampleView(), {});
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>");
    const templates = new URL("../../templates/", import.meta.url);
    for (const f of [
      "layout.hbs",
      "cover.hbs",
      "toc.hbs",
      ...readdirSync(new URL("partials/", templates)).map((p) => `partials/${p}`),
    ])
      expect(readFileSync(new URL(f, templates), "utf8"), f).not.toContain("{{{");
  });

  it("writes CSS strings that no text can end", () => {
    expect(cssString('a"b\\c</style>\n')).toBe('"a\\22 b\\5c c\\3c \\2f style\\3e \\a "');
    expect(cssString("Acmé 🚀")).toBe('"Acm\\e9  \\1f680 "');
  });

  it("inlines charts as vector SVG data: URIs at their display size", () => {
    const view = sampleView();
    const html = renderHtml(view, {});
    const charts = view.sections.flatMap((s) =>
      s.blocks.flatMap((b) => (b.kind === "chart" ? [b.chart] : [])),
    );
    const svg = charts.find((c) => c.width === 640)!.images.svg!;
    // Handlebars writes the base64 padding "=" as "&#x3D;", which the attribute decodes back.
    expect(html.replaceAll("&#x3D;", "=")).toContain(
      `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}" width="640" height="260"`,
    );
    expect(html).not.toContain("data:image/png");
  });

  it("gives a wide table narrow columns for dates and Yes/No, and the most room to long text", () => {
    for (const options of [{}, { pageSize: "Letter", landscape: true }] as const) {
      const html = renderHtml(wideTableView(), options);
      expect(html).toContain('<table class="data data--dense">');
      const cols = colWidths(html);
      expect(cols.map((c) => c.type)).toEqual([
        "date",
        "platform",
        "text",
        "boolean",
        "boolean",
        "text",
        "text",
      ]);
      expect(cols.reduce((a, c) => a + c.width, 0)).toBeCloseTo(100, 0);
      const [date, platform, prompt, mentioned, cited, competitors, preview] = cols.map((c) => c.width);
      for (const narrow of [date!, mentioned!, cited!]) expect(narrow).toBeLessThan(10);
      expect(platform!).toBeLessThan(prompt!); // wraps between words when room is short
      expect(cited!).toBeLessThan(mentioned!); // "Cited" is a shorter heading than "Mentioned"
      // The answer preview is the longest text, so the widest column; the prompt comes next.
      expect(preview!).toBe(Math.max(...cols.map((c) => c.width)));
      expect(prompt!).toBeGreaterThan(Math.max(date!, platform!, mentioned!, cited!, competitors!));
    }
  });

  it("widens a figure column so its heading takes two lines, not three, when the table has room", () => {
    const columns = [
      { label: "Platform", type: "platform" },
      { label: "Answers", type: "count" },
      { label: "Mention rate", type: "percent" },
      { label: "Δ Mention", type: "delta_pp" },
      { label: "Citation rate", type: "percent" },
      { label: "Δ Citation", type: "delta_pp" },
      { label: "Share of voice", type: "percent" },
      { label: "Δ Share", type: "delta_pp" },
    ] as const;
    const cells = [
      [
        "Google AI Overviews",
        "10,800",
        "36.3%",
        "+5.1\u00a0pp",
        "22.9%",
        "+3.2\u00a0pp",
        "22.4%",
        "+1.3\u00a0pp",
      ],
    ];
    const available = 178; // A4 portrait less the side margins
    const layout = layoutTable(columns, cells, available);
    expect(layout.dense).toBe(false);
    const mm = layout.widths.map((w) => (w / 100) * available);
    const padding = 2 * TABLE_FONTS.normal.padXMm;
    const heading = (text: string) =>
      textEm(text, "bold", TABLE_FONTS.normal.thSpacingEm) * TABLE_FONTS.normal.thPt * PT_MM;
    // "SHARE OF" on one line and "VOICE" on the next: the longer of the two lines fits.
    expect(mm[6]! - padding).toBeGreaterThanOrEqual(Math.max(heading("SHARE OF"), heading("VOICE")));
    // Still room for the platform names: "Google AI Overviews" fits on one line.
    expect(mm[0]! - padding).toBeGreaterThan(textEm("Google AI Overviews") * TABLE_FONTS.normal.tdPt * PT_MM);
  });

  it("keeps small tables of figures in the normal font", () => {
    const html = renderHtml(bigTableView(3), {});
    // Not dense; kept whole, as every table of at most 6 rows (docs/decisions.md, Table breaks).
    expect(html).toContain('<table class="data data--whole">');
    const [text, rate, count] = colWidths(html).map((c) => c.width);
    expect(text!).toBeGreaterThan(rate!);
    expect(text!).toBeGreaterThan(count!);
  });

  it("prints each contents page number as a slot of figure spaces, filled in after printing", () => {
    const html = renderHtml(sampleView(), {});
    expect(html).toContain(
      'Methodology</span><span class="toc__leader"></span><span class="toc__page">\u2007\u2007\u2007\u2007</span>',
    );
  });
});
