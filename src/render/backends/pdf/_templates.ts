import { readFileSync } from "node:fs";
import Handlebars from "handlebars";
import type { Block } from "../../types.js";
import type { DocumentContext } from "./_context.js";

// `templates/` sits at the repository root: four levels up from both src/render/backends/pdf and
// dist/render/backends/pdf.
const TEMPLATES = new URL("../../../../templates/", import.meta.url);
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

/** The layout as compiled once per process, and the print stylesheet read once. */
interface Compiled {
  layout: Handlebars.TemplateDelegate<
    DocumentContext & { css: Handlebars.SafeString; parts: { cover: boolean; body: boolean } }
  >;
  printCss: string;
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
  return { layout: hbs.compile(read("layout.hbs"), options), printCss: read("print.css") };
}

/**
 * Renders `part` of the layout with `context`; `generatedCss` must come from the escaping helpers
 * in _css.ts.
 */
export function renderLayout(context: DocumentContext, generatedCss: string, part: DocumentPart): string {
  compiled ??= compile();
  // Trusted CSS only: our stylesheet and values already escaped for CSS. A SafeString is how
  // Handlebars inserts it with {{ }} without HTML-escaping the quotes inside it.
  const css = new Handlebars.SafeString(`${generatedCss}\n${compiled.printCss}`);
  const parts = { cover: part !== "body", body: part !== "cover" };
  return compiled.layout({ ...context, css, parts });
}
