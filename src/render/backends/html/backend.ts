import { renderHtml } from "../../html/compose.js";
import type { ReportView } from "../../types.js";
import type { Backend } from "../backend.js";
import { html as info } from "./meta.js";

/**
 * The report as one self-contained HTML page for a browser: the PDF's templates and stylesheet
 * (render/html/) with templates/screen.css after it. Everything is inline (CSS, charts as SVG
 * `data:` URIs, the logo), fonts are the reader's system fonts, and its Content-Security-Policy
 * lets it load nothing but `data:` URIs: it reads the same offline, from disk or as an email
 * attachment (docs/architecture.md, "The HTML report").
 */
function renderHtmlReport(view: ReportView, options: { draft?: boolean } = {}): string {
  // The page size only sizes the print's @page rules (a reader may print it); the screen's column
  // is laid out for A4's text column.
  return renderHtml(view, { draft: options.draft ?? false }, "whole", "screen");
}

/** The HTML backend: one `.html` file, nothing beside it. */
export const backend: Backend<"html"> = {
  ...info,
  async render(view, options) {
    return [{ path: `${view.name}.html`, data: renderHtmlReport(view, { draft: options.draft ?? false }) }];
  },
};
