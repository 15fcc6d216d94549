import { langOf } from "../../../format/i18n/index.js";
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
  const { f, m } = langOf(view.branding.locale);
  const css = dynamicCss(options, view.branding.accentColor, {
    title: withoutFigureSpaces(c.title),
    period: `${f.date(c.periodStart)} – ${f.date(c.periodEnd)}`,
    footer: withoutFigureSpaces(view.branding.footerText ?? view.branding.agencyName),
    page: { before: m.pdf.pageBefore, between: m.pdf.pageBetween, after: m.pdf.pageAfter },
    draft: m.draft.mark,
  });
  const context = documentContext(view, contentWidthMm(options), options.draft ?? false);
  return (part) => renderLayout(context, css, part);
}
