/**
 * The accessible PDF (`generate --accessible`, docs/accessibility.md): a tagged PDF whose
 * structure tree Chromium builds from the HTML, so headings, tables with their header cells and
 * figures with their alternative text reach a screen reader in reading order (cover, contents,
 * sections), with the document's language and title.
 *
 * A structure tree does not survive pdf-lib's copyPages, so the default print's merge of two
 * documents (cover and body, backend.ts) would drop it. Here the whole report is one document,
 * printed twice in the same tab: first untagged, only to learn the layout (how many pages the
 * cover takes, where each section starts, how many pages follow the cover); then tagged, with
 * those numbers printed in the contents' slots (as wide as the empty slots, so nothing moves) and
 * as the footer's "of N". The cover's named page resets the page counter (print.css), so the
 * footers count from the contents page as in the default print. pdf-lib then only adds what
 * keeps the structure: page labels, the section bookmarks and the title shown in the viewer's
 * window; it rewrites no page.
 */
import { langOf } from "../../../format/i18n/index.js";
import { htmlOf, type KnownPages } from "../../html/compose.js";
import { anchorOf } from "../../html/context.js";
import { hasEmbeddedFont } from "../../html/theme-css.js";
import type { RenderOptions, ReportView } from "../../types.js";
import { withPages } from "./_browser.js";
import { ContentsPageError } from "./_contents.js";
import { print } from "./_print.js";

/** Prints `view` as a tagged PDF in one document (see above), within `timeoutMs`. */
export async function renderAccessiblePdf(
  view: ReportView,
  options: RenderOptions,
  timeoutMs: number,
): Promise<Uint8Array> {
  const finishing = import("./_finish.js");
  finishing.catch(() => undefined); // reported below, after the print
  const anchors = view.sections.map((_, i) => anchorOf(i));
  const html = htmlOf(view, options);
  const font = hasEmbeddedFont(view);
  const printed = await withPages(timeoutMs, 1, async ([page]) => {
    if (anchors.length === 0)
      return { bytes: await print(page!, html("whole"), options, true, font), cover: 1 };
    const { anchorPages, firstLinkPage, loadPdf } = await finishing;
    const draft = await loadPdf(await print(page!, html("whole"), options, false, font));
    // The contents start on the first page that links to the first section; the cover is before.
    const cover = firstLinkPage(draft, anchors[0]!) - 1;
    const known: KnownPages = {
      sections: anchorPages(draft, anchors).map((p) => p - cover),
      total: draft.getPageCount() - cover,
    };
    return { bytes: await print(page!, html("whole", known), options, true, font), cover, known };
  });
  const { addOutline, anchorPages, labelPages, loadPdf, savePdf } = await finishing;
  const doc = await loadPdf(printed.bytes);
  if (printed.known !== undefined) {
    const moved = anchorPages(doc, anchors).findIndex(
      (p, i) => p - printed.cover !== printed.known!.sections[i],
    );
    if (moved >= 0) throw new ContentsPageError(`section ${moved + 1} moved between the two prints`);
    addOutline(
      doc,
      view.sections.map((s, i) => ({ title: s.title, anchor: anchors[i]! })),
    );
  }
  labelPages(doc, printed.cover, langOf(view.branding.locale).m.pdf.coverLabel);
  // PDF/UA: the viewer's window shows the document's title, not its file name.
  doc.setTitle(view.cover.title, { showInWindowTitleBar: true });
  return savePdf(doc);
}
