import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import type { Theme } from "../../config/theme.js";
import { packageDir } from "../../format/package-dir.js";
import type { Block } from "../types.js";
import type { DocumentContext } from "./context.js";
import { guardDocument } from "./document-guard.js";
import { templateError } from "./template-error.js";
import { themeCss } from "./theme-css.js";

/** The package's templates/ (Handlebars templates, print.css, screen.css), at its root. */
export const PACKAGE_TEMPLATES = join(packageDir(import.meta.url), "templates");
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
  legend: "partials/legend.hbs",
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

type Layout = Handlebars.TemplateDelegate<
  DocumentContext & { css: Handlebars.SafeString; parts: { cover: boolean; body: boolean } }
>;

/** The layout as compiled once per templates folder, and the stylesheets read once. */
interface Compiled {
  layout: Layout;
  /** Where the layout was read from: a refused document names it. */
  layoutPath: string;
  printCss: string;
  screenCss: string;
}

/** Compiled templates by overriding folder ("" for the package's own): compiled once per process. */
const compiled = new Map<string, Compiled>();

/** Reads `name` from `dir` when it has it, else from the package's templates/; returns its path too. */
function reader(dir: string | undefined): (name: string) => { path: string; text: string } {
  return (name) => {
    const own = dir === undefined ? undefined : join(dir, name);
    const path = own !== undefined && existsSync(own) ? own : join(PACKAGE_TEMPLATES, name);
    return { path, text: readFileSync(path, "utf8") };
  };
}

function compile(dir: string | undefined): Compiled {
  const read = reader(dir);
  // An isolated instance: no helper or partial leaks to or from other Handlebars users.
  const hbs = Handlebars.create();
  // strict: a field the context lacks is a template bug, reported at once rather than printed empty.
  // `strict` also applies inside {{#if}}, so optional fields are present in the context as null.
  const options = { strict: true, noEscape: false } as const;
  /**
   * A template compiled now (a syntax error anywhere fails the first report, naming the file and
   * line, not only when a block of that kind appears), whose errors while rendering name it too.
   */
  const template = <T>(name: string): Handlebars.TemplateDelegate<T> => {
    const { path, text } = read(name);
    let run: Handlebars.TemplateDelegate<T>;
    try {
      hbs.parse(text);
      run = hbs.compile<T>(text, options);
    } catch (err) {
      throw templateError(err, path);
    }
    return (context, runtime) => {
      try {
        return run(context, runtime);
      } catch (err) {
        throw templateError(err, path);
      }
    };
  };
  hbs.registerPartial("cover", template("cover.hbs"));
  hbs.registerPartial("toc", template("toc.hbs"));
  for (const [kind, file] of Object.entries(BLOCK_PARTIALS)) hbs.registerPartial(kind, template(file));
  return {
    layout: template("layout.hbs"),
    layoutPath: read("layout.hbs").path,
    printCss: withoutComments(read("print.css").text),
    screenCss: withoutComments(read("screen.css").text),
  };
}

/**
 * A stylesheet without its comments: they explain the rules to whoever edits them, and would ship
 * in every HTML report a client opens (none of ours holds a comment marker inside a string).
 */
function withoutComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, "");
}

/** The templates of `dir` over the package's (the package's alone without one), compiled once. */
function compiledFor(dir: string | undefined): Compiled {
  const key = dir ?? "";
  let found = compiled.get(key);
  if (!found) {
    found = compile(dir);
    compiled.set(key, found);
  }
  return found;
}

/**
 * Forgets the compiled templates and the stylesheets read with them, so the next render reads
 * them again from disk: `vreport preview` calls it after an edit (docs/preview.md).
 */
export function forgetTemplates(): void {
  compiled.clear();
}

/**
 * Renders `part` of the layout with `context` for `medium`; `generatedCss` must come from the
 * escaping helpers in css.ts. The agency's `theme` (docs/templates.md) picks the templates and
 * adds its font and stylesheet after ours.
 */
export function renderLayout(
  context: DocumentContext,
  generatedCss: string,
  part: DocumentPart,
  medium: Medium = "print",
  theme?: Theme,
): string {
  const templates = compiledFor(theme?.templatesDir);
  // Trusted CSS only: our stylesheets, values already escaped for CSS, and the agency's own
  // stylesheet (themeCss keeps it inside the style element). A SafeString is how Handlebars
  // inserts it with {{ }} without HTML-escaping the quotes inside it.
  const sheets = [
    generatedCss,
    templates.printCss,
    ...(medium === "screen" ? [templates.screenCss] : []),
    ...(theme ? [themeCss(theme)] : []),
  ];
  const css = new Handlebars.SafeString(sheets.join("\n"));
  const parts = { cover: part !== "body", body: part !== "cover" };
  const html = templates.layout({ ...context, css, parts });
  // Only templates write elements (every value is escaped), and the package's own hold none that
  // leave the document: an agency's folder is checked, the package's output stays as it is.
  return theme?.templatesDir === undefined ? html : guardDocument(html, templates.layoutPath);
}
