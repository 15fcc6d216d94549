/**
 * The one suite every registered backend must pass (as unstorage runs one driver suite over every
 * driver): each format is read back the way its readers see it, then the same checks run on all.
 * A new format in the registry fails to compile here until it says how it is read back.
 */
import { mkdir, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import MarkdownIt from "markdown-it";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { SECTION_KEYS } from "../../src/config/section-keys.js";
import { applyReport } from "../../src/pipeline/apply.js";
import type { Backend } from "../../src/render/backends/backend.js";
import {
  BACKENDS,
  closeLoadedBackends,
  loadBackend,
  type OutputFormat,
} from "../../src/render/backends/registry.js";
import type { ReportView } from "../../src/render/types.js";
import { tempDir } from "../_tmp.js";
import { HOSTILE, sampleView } from "../fixtures/sample-view.js";
import { writeWith } from "../pipeline/_write-with.js";
import { expectedNumbersBySection, extractNumbers } from "./_extract.js";
import { visitHtml } from "./_html-tools.js";
import { pdfText } from "./_pdf-tools.js";

/** How a reader sees a rendered format: its visible text and, where it has one, its markup. */
interface ReadBack {
  text: string;
  /** HTML a viewer would build from the file (Markdown), for markup checks. */
  html?: string;
  /** Cells stored as formulas (XLSX): untrusted text must never be one. */
  formulas?: string[];
}

// Raw HTML on: a renderer that allows it (as many wikis do) must still find none in our output.
const markdownIt = new MarkdownIt({ html: true });

/** Visible text of HTML: tags dropped, the entities our escapers write decoded. */
function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#46;/g, ".")
    .replace(/&amp;/g, "&");
}

/** Each format read back as its users read it: a Record, so a new format must add its reader. */
const READERS: Record<OutputFormat, (file: string) => Promise<ReadBack>> = {
  pdf: async (file) => ({ text: pdfText(file) }),
  // As a browser shows it (real Chromium, scripts off as a mail client opens it); the markup
  // checks run on the file itself.
  html: async (file) => ({
    text: (await visitHtml(file, { javaScript: false })).text,
    html: await readFile(file, "utf8"),
  }),
  md: async (file) => {
    const html = markdownIt.render(await readFile(file, "utf8"));
    return { text: htmlText(html), html };
  },
  xlsx: async (file) => {
    const wb = XLSX.read(await readFile(file), { cellNF: true });
    const lines: string[] = [];
    const formulas: string[] = [];
    for (const name of wb.SheetNames) {
      const sheet = wb.Sheets[name]!;
      lines.push(name);
      const range = XLSX.utils.decode_range(sheet["!ref"] ?? "A1");
      for (let r = range.s.r; r <= range.e.r; r++) {
        const cells: string[] = [];
        for (let c = range.s.c; c <= range.e.c; c++) {
          const address = XLSX.utils.encode_cell({ r, c });
          const cell = sheet[address];
          if (!cell) continue;
          if (cell.f !== undefined) formulas.push(`${name}!${address}`);
          cells.push(String(cell.w ?? cell.v));
        }
        lines.push(cells.join("  "));
      }
    }
    return { text: lines.join("\n"), formulas };
  },
};

/** A view with one section per key, each with a marker paragraph: every key must reach the file. */
function everySectionView(): ReportView {
  const base = sampleView();
  return {
    ...base,
    sections: SECTION_KEYS.map((key) => ({
      key,
      title: `Section ${key.replace(/_/g, " ")}`,
      blocks: [{ kind: "paragraph", text: `Marker of ${key}` }],
    })),
  };
}

/** Hostile fragments (from HOSTILE) every format must show as written. */
const INTACT = [
  HOSTILE.brand,
  HOSTILE.plus,
  HOSTILE.fileLink,
  "<script>alert(1)",
  '=HYPERLINK("http://evil.example",',
];

/** The figures of `expected` missing from `shown`, counting repeats (KPI cards may lay figures out in another order). */
function missingFigures(expected: readonly string[], shown: readonly string[]): string[] {
  const left = [...shown];
  return expected.filter((f) => {
    const i = left.indexOf(f);
    if (i === -1) return true;
    left.splice(i, 1);
    return false;
  });
}

/** Figures compared in one spelling: Excel number formats write a hyphen-minus, the others U+2212. */
const sameMinus = (figures: readonly string[]) => figures.map((f) => f.replace(/\u2212/g, "-"));

describe.each(BACKENDS.map((b) => [b.format]))("backend %s (shared suite)", (format) => {
  let backend: Backend;
  const dir = tempDir(`backend-${format}`);

  beforeAll(async () => {
    backend = await loadBackend(format);
  });

  afterAll(async () => {
    await closeLoadedBackends();
  });

  it("names its report file after the view, with the registry's extension", async () => {
    const view = sampleView();
    const files = await backend.render(view, {});
    expect(files[0]?.path).toBe(`${view.name}.${backend.extension}`);
  });

  it("renders every section key", async () => {
    const view = everySectionView();
    const [file] = await writeWith(backend, view, join(dir, "every-section"));
    const { text } = await READERS[format](file!);
    for (const key of SECTION_KEYS) expect(text, key).toContain(`Marker of ${key}`);
  });

  it("keeps untrusted text inert and intact", async () => {
    const [file] = await writeWith(backend, sampleView(), join(dir, "hostile"));
    const read = await READERS[format](file!);
    // Intact: what the data says is what the reader sees. The fragments are short enough not to
    // wrap in a PDF table cell, where a longer text breaks across lines between other columns.
    const flat = read.text.replace(/\s+/g, " ");
    for (const text of INTACT) expect(flat, text).toContain(text);
    // Inert: no markup and no formula came from the data.
    if (read.html !== undefined) {
      expect(read.html).not.toMatch(/<script|<img[^>]*src="?http:\/\/127|<a href="file:/i);
      expect(read.html).not.toMatch(/<h1>\s*not a heading|<blockquote>\s*<p>\s*not a quote/);
    }
    if (read.formulas !== undefined) expect(read.formulas).toEqual([]);
  });

  it("shows every number of the view", async () => {
    const view = sampleView();
    const [file] = await writeWith(backend, view, join(dir, "numbers"));
    const shown = sameMinus(extractNumbers((await READERS[format](file!)).text));
    const expected = expectedNumbersBySection(view).flatMap((s) => s.numbers);
    expect(expected.length).toBeGreaterThan(20);
    expect(missingFigures(sameMinus(expected), shown)).toEqual([]);
  });

  it("writes atomically: a run that cannot move its files into place leaves nothing behind", async () => {
    const view = sampleView();
    const out = join(dir, "blocked");
    // A directory squatting on the report's name makes the final move fail after rendering.
    await mkdir(join(out, `${view.name}.${backend.extension}`), { recursive: true });
    await expect(applyReport(view, [backend], out)).rejects.toThrow();
    expect(await readdir(out)).toEqual([`${view.name}.${backend.extension}`]);
  });
});
