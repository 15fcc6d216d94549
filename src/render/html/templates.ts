import { readFileSync } from "node:fs";
import Handlebars from "handlebars";
import type { Block } from "../types.js";
import type { DocumentContext } from "./context.js";

// `templates/` sits at the repository root: three levels up from both src/render/html and
// dist/render/html.
const TEMPLATES = new URL("../../../templates/", import.meta.url);
/**
 * The partial that prints each kind of block, by kind: a Record, so a new block kind without a
 * partial fails to compile. layout.hbs picks the partial by the block's kind.
 */
const BLOCK_PARTIALS: Record<Block["kind"], string> = {
  kpis: "partials/kpis.hbs",
  table: "partials/table.hbs",
  chart: "partials/chart.hbs",
  paragraph: "partials/paragraph.hbs",
  bullets: "partials/bullets.hbs",
  notice: "partials/notice.hbs",
  quote: "partials/quote.hbs",
  note: "partials/note.hbs",
};

/**
 * Which part of the report a document holds: the cover, the body (contents and sections, whose
 * pages are numbered from 1), or the whole report in one document (for comparisons and checks).
 */
export type DocumentPart = "cover" | "body" | "whole";

/**
 * What a document is for: `print` is the page Chromium prints (PDF), `screen` the page a browser
 * shows (the HTML report), which adds templates/screen.css after print.css.
 */
export type Medium = "print" | "screen";

/** The layout as compiled once per process, and the stylesheets read once. */
interface Compiled {
  layout: Handlebars.TemplateDelegate<
    DocumentContext & { css: Handlebars.SafeString; parts: { cover: boolean; body: boolean } }
  >;
  printCss: string;
  screenCss: string;
}

let compiled: Compiled | undefined;

function read(name: string): string {
  return readFileSync(new URL(name, TEMPLATES), "utf8");
}

function compile(): Compiled {
  // An isolated instance: no helper or partial leaks to or from other Handlebars users.
  const hbs = Handlebars.create();
  // strict: a field the context lacks is a template bug, reported at once rather than printed empty.
  // `strict` also applies inside {{#if}}, so optional fields are present in the context as null.
  const options = { strict: true, noEscape: false } as const;
  hbs.registerPartial("cover", hbs.compile(read("cover.hbs"), options));
  hbs.registerPartial("toc", hbs.compile(read("toc.hbs"), options));
  for (const [kind, file] of Object.entries(BLOCK_PARTIALS))
    hbs.registerPartial(kind, hbs.compile(read(file), options));
  return {
    layout: hbs.compile(read("layout.hbs"), options),
    printCss: read("print.css"),
    screenCss: read("screen.css"),
  };
}

/**
 * Forgets the compiled templates and the stylesheets read with them, so the next render reads
 * them again from disk: `vreport preview` calls it after an edit (docs/preview.md).
 */
export function forgetTemplates(): void {
  compiled = undefined;
}

/**
 * Renders `part` of the layout with `context` for `medium`; `generatedCss` must come from the
 * escaping helpers in css.ts.
 */
export function renderLayout(
  context: DocumentContext,
  generatedCss: string,
  part: DocumentPart,
  medium: Medium = "print",
): string {
  compiled ??= compile();
  // Trusted CSS only: our stylesheets and values already escaped for CSS. A SafeString is how
  // Handlebars inserts it with {{ }} without HTML-escaping the quotes inside it.
  const sheets = [generatedCss, compiled.printCss, ...(medium === "screen" ? [compiled.screenCss] : [])];
  const css = new Handlebars.SafeString(sheets.join("\n"));
  const parts = { cover: part !== "body", body: part !== "cover" };
  return compiled.layout({ ...context, css, parts });
}
