import type { RenderOptions } from "../types.js";

/** Page sizes in millimetres, portrait (width, height). */
const PAGE_MM = { A4: [210, 297], Letter: [215.9, 279.4] } as const;

const FALLBACK_ACCENT = "#2f6fed";

/**
 * A CSS string literal holding `text`: every character that is not a letter, digit or space is
 * written as a hex escape, so no quote, backslash, newline or `</style>` can end the string or
 * the style element, whatever the text holds.
 */
export function cssString(text: string): string {
  let out = '"';
  for (const ch of text) {
    // A trailing space ends each escape, as CSS requires when a hex digit could follow.
    out += /^[A-Za-z0-9 ]$/.test(ch) ? ch : `\\${ch.codePointAt(0)!.toString(16)} `;
  }
  return `${out}"`;
}

/** The branding colour if it is a plain `#RRGGBB` (or `#RGB`), else the default accent. */
function safeColor(color: string): string {
  return /^#(?:[0-9a-fA-F]{3}){1,2}$/.test(color) ? color : FALLBACK_ACCENT;
}

/** Page margins in millimetres (top, right, bottom, left); the cover page has none (print.css). */
const MARGIN_MM = [20, 16, 18, 16] as const;

/** Width and height of the printed page in millimetres, for the size and orientation asked. */
export function pageSizeMm(options: RenderOptions): { width: number; height: number } {
  const [w, h] = PAGE_MM[options.pageSize ?? "A4"];
  return options.landscape ? { width: h, height: w } : { width: w, height: h };
}

/** Width of the text column (the page less its side margins), in millimetres. */
export function contentWidthMm(options: RenderOptions): number {
  return pageSizeMm(options).width - MARGIN_MM[1] - MARGIN_MM[3];
}

/** Strings printed in the running header and footer of every page but the cover. */
export interface RunningText {
  title: string;
  period: string;
  footer: string;
  /** "Page 3 of 12" in the report's language, around the CSS counters (docs/i18n.md). */
  page: { before: string; between: string; after: string };
  /** The review copy's mark ("DRAFT") in the report's language. */
  draft: string;
}

/**
 * The generated part of the stylesheet: page size, accent colour, running header/footer text.
 * `totalPages`, when known (the accessible print's second pass, docs/accessibility.md), is the
 * "of N" of the footer: in one document `counter(pages)` would count the cover too.
 */
export function dynamicCss(
  options: RenderOptions,
  accent: string,
  running: RunningText,
  totalPages?: number,
): string {
  const { width, height } = pageSizeMm(options);
  return [
    `:root { --accent: ${safeColor(accent)}; --page-height: ${height}mm; }`,
    `@page { size: ${width}mm ${height}mm; margin: ${MARGIN_MM.map((m) => `${m}mm`).join(" ")};`,
    `  @top-left { content: ${cssString(running.title)}; }`,
    `  @top-right { content: ${cssString(running.period)}; }`,
    `  @bottom-left { content: ${cssString(running.footer)}; }`,
    `  @bottom-right { content: ${cssString(running.page.before)} counter(page) ${cssString(running.page.between)} ${totalPages === undefined ? "counter(pages)" : cssString(String(totalPages))} ${cssString(running.page.after)}; }`,
    // A review copy says so at the top of every page (print.css styles it; the cover has its own).
    ...(options.draft ? [`  @top-center { content: ${cssString(running.draft)}; }`] : []),
    "}",
  ].join("\n");
}
