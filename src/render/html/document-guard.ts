import { type DefaultTreeAdapterTypes, parse } from "parse5";
import { TemplateError } from "./template-error.js";

type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.Node;

/** The Content-Security-Policy of templates/layout.hbs: `data:` images and fonts, inline styles, nothing else. */
export const REPORT_CSP = "default-src 'none'; img-src data:; font-src data:; style-src 'unsafe-inline'";

/**
 * Elements that navigate or reach outside the document where the CSP cannot stop them: a meta
 * http-equiv (`refresh` navigates at once; `set-cookie`, `link` and the like are not the CSP's
 * business), `base` (turns the contents' `#sec-1` links into another site's pages) and `link`
 * (dns-prefetch and preconnect reach the network whatever the policy says).
 */
function outside(el: Element): boolean {
  if (el.tagName === "base" || el.tagName === "link") return true;
  if (el.tagName !== "meta") return false;
  const equiv = attr(el, "http-equiv");
  return equiv !== undefined && equiv.trim().toLowerCase() !== "content-security-policy";
}

function attr(el: Element, name: string): string | undefined {
  return el.attrs.find((a) => a.name === name)?.value;
}

const isOurPolicy = (el: Element): boolean =>
  el.tagName === "meta" &&
  attr(el, "http-equiv")?.trim().toLowerCase() === "content-security-policy" &&
  attr(el, "content") === REPORT_CSP;

/** Every element in document order, template contents included. */
function* elements(node: Node): Generator<Element> {
  if ("tagName" in node) yield node;
  const children = "childNodes" in node ? node.childNodes : [];
  for (const child of children) yield* elements(child);
  if ("content" in node) yield* elements(node.content);
}

/**
 * The document an agency's templates rendered, with what would leave it removed (see `outside`),
 * read the way a browser reads it (parse5) and cut out of the text, so nothing else changes.
 * The package's policy must stay in force from the start: a layout whose first elements (before
 * anything but `<meta charset>`, `<meta name>` and the title) do not include it is refused,
 * naming `layoutFile`, since a stylesheet before it could still `@import` from the network.
 */
export function guardDocument(html: string, layoutFile: string): string {
  const doc = parse(html, { sourceCodeLocationInfo: true });
  const cuts: [number, number][] = [];
  let guarded = false;
  let early = true;
  for (const el of elements(doc)) {
    const at = el.sourceCodeLocation;
    if (at && outside(el)) {
      cuts.push([at.startOffset, at.endOffset]);
      continue;
    }
    if (early && isOurPolicy(el)) guarded = true;
    // html, head and body may be implied (no location): they hold the document, not content.
    else if (at && !["html", "head", "body", "title"].includes(el.tagName) && el.tagName !== "meta")
      early = false;
  }
  if (!guarded)
    throw new TemplateError(
      layoutFile,
      null,
      `the document must keep <meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}"> before any other element of its head (docs/templates.md)`,
    );
  let out = html;
  for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + out.slice(end);
  return out;
}
