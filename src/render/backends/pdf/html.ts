import type { RenderOptions, ReportView } from "../../types.js";
import { documentContext } from "./_context.js";
import { contentWidthMm, dynamicCss } from "./_css.js";
import { withoutFigureSpaces } from "./_slot.js";
import { type DocumentPart, renderLayout } from "./_templates.js";

/**
 * The HTML of `part` of `view`: Chromium prints the cover and the body as two documents; the
 * whole report in one document is for comparisons and checks.
 */
export function renderHtml(
  view: ReportView,
  options: RenderOptions = {},
  part: DocumentPart = "whole",
): string {
  return htmlOf(view, options)(part);
}

/** The HTML of each part of `view`, from one template context (tables are laid out once). */
export function htmlOf(view: ReportView, options: RenderOptions): (part: DocumentPart) => string {
  const c = view.cover;
  const css = dynamicCss(options, view.branding.accentColor, {
    title: withoutFigureSpaces(c.title),
    period: `${c.periodStart} – ${c.periodEnd}`,
    footer: withoutFigureSpaces(view.branding.footerText ?? view.branding.agencyName),
  });
  const context = documentContext(view, contentWidthMm(options), options.draft ?? false);
  return (part) => renderLayout(context, css, part);
}
