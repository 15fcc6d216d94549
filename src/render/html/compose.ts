import type { RenderOptions, ReportView } from "../types.js";
import { documentContext } from "./context.js";
import { contentWidthMm, dynamicCss } from "./css.js";
import { withoutFigureSpaces } from "./slot.js";
import { type DocumentPart, type Medium, renderLayout } from "./templates.js";

/**
 * The HTML of `part` of `view`: Chromium prints the cover and the body as two documents; the
 * whole report in one document is for comparisons and checks, and is the HTML report (`screen`).
 */
export function renderHtml(
  view: ReportView,
  options: RenderOptions = {},
  part: DocumentPart = "whole",
  medium: Medium = "print",
): string {
  return htmlOf(view, options, medium)(part);
}

/**
 * The HTML of each part of `view`, from one template context (tables are laid out once). The
 * PDF backend prints it (`print`); the HTML backend writes the whole report for a browser
 * (`screen`): the same templates and stylesheet, plus templates/screen.css, and no page numbers.
 */
export function htmlOf(
  view: ReportView,
  options: RenderOptions,
  medium: Medium = "print",
): (part: DocumentPart) => string {
  const c = view.cover;
  const css = dynamicCss(options, view.branding.accentColor, {
    title: withoutFigureSpaces(c.title),
    period: `${c.periodStart} – ${c.periodEnd}`,
    footer: withoutFigureSpaces(view.branding.footerText ?? view.branding.agencyName),
  });
  // Tables are laid out for the printed text column in both media: the screen's column is as
  // wide as the page's (screen.css), so a table wraps alike on paper and on screen.
  const context = documentContext(view, contentWidthMm(options), options.draft ?? false, medium === "print");
  return (part) => renderLayout(context, css, part, medium, view.branding.theme);
}
