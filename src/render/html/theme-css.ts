import type { Theme } from "../../config/theme.js";
import type { ReportView } from "../types.js";
import { dataUri } from "./context.js";
import { cssString } from "./css.js";

/** The family name an embedded font file is declared under (its own name may be anything). */
export const EMBEDDED_FAMILY = "Report Theme Font";

/** True when `view`'s theme embeds a font file: the PDF waits for it before printing. */
export function hasEmbeddedFont(view: ReportView): boolean {
  const font = view.branding.theme?.font;
  return font !== undefined && "file" in font;
}

/**
 * The CSS of the agency's theme, after the package's stylesheets (docs/templates.md): its font
 * first in the body's stack (the package's fonts stay behind it for the characters it lacks),
 * then the agency's own stylesheet. The running header and footer (print.css names their fonts)
 * and the contents' page numbers keep the package's font: the PDF's contents numbers are written
 * after printing with the digits the footers' "Page k of N" put in that font's subset
 * (backends/pdf/_contents.ts), which a theme font may not have. The stylesheet is the agency's, trusted
 * like the templates; only `</` is escaped, so it cannot end the style element it is inserted in.
 */
export function themeCss(theme: Theme): string {
  const out: string[] = [];
  const font = theme.font;
  if (font) {
    let family: string;
    if ("file" in font) {
      family = EMBEDDED_FAMILY;
      const src = `url(${dataUri(font.file.mime, font.file.data)}) format("${font.file.format}")`;
      out.push(`@font-face { font-family: ${cssString(family)}; src: ${src}; }`);
    } else family = font.family;
    out.push(`body { font-family: ${cssString(family)}, var(--font); }`);
    out.push(".toc__page { font-family: var(--font); }");
  }
  if (theme.css !== undefined) out.push(theme.css.replaceAll("</", "<\\/"));
  return out.join("\n");
}
