import { langOf } from "../../format/i18n/index.js";
import type { RenderOptions, ReportView } from "../types.js";
import { documentContext } from "./context.js";
import { contentWidthMm, dynamicCss } from "./css.js";
import { filledSlot, withoutFigureSpaces } from "./slot.js";
import { type DocumentPart, type Medium, renderLayout } from "./templates.js";

/**
 * Page numbers a first print settled, for a second print of the same layout (the accessible
 * PDF, docs/accessibility.md): the page each section starts on and the number of pages, both
 * counted without the cover.
 */
export interface KnownPages {
  sections: readonly number[];
  total: number;
}

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
 * With `known` pages, the contents print those numbers in their slots (as wide as the empty
 * slots, so nothing moves) and the footer says "of N".
 */
export function htmlOf(
  view: ReportView,
  options: RenderOptions,
  medium: Medium = "print",
): (part: DocumentPart, known?: KnownPages) => string {
  const c = view.cover;
  const { f, m } = langOf(view.branding.locale);
  const running = {
    title: withoutFigureSpaces(c.title),
    period: `${f.date(c.periodStart)} – ${f.date(c.periodEnd)}`,
    footer: withoutFigureSpaces(view.branding.footerText ?? view.branding.agencyName),
    page: { before: m.pdf.pageBefore, between: m.pdf.pageBetween, after: m.pdf.pageAfter },
    draft: m.draft.mark,
  };
  const css = dynamicCss(options, view.branding.accentColor, running);
  // Tables are laid out for the printed text column in both media: the screen's column is as
  // wide as the page's (screen.css), so a table wraps alike on paper and on screen.
  const context = documentContext(view, contentWidthMm(options), options.draft ?? false, medium === "print");
  const theme = view.branding.theme;
  return (part, known) =>
    known === undefined
      ? renderLayout(context, css, part, medium, theme)
      : renderLayout(
          { ...context, toc: context.toc.map((t, i) => ({ ...t, page: filledSlot(known.sections[i]!) })) },
          dynamicCss(options, view.branding.accentColor, running, known.total),
          part,
          medium,
          theme,
        );
}
