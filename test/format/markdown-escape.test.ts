import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import { escapeMarkdown, markdownHref } from "../../src/format/markdown-escape.js";

// Raw HTML on, as some wikis allow: the escaper, not the renderer's settings, must keep text inert.
const md = new MarkdownIt({ html: true, linkify: true });
const HOSTILE =
  "**bold** [x](javascript:alert(1)) <b>tag</b> `code` | pipe # http://evil.example www.evil.example &amp;";

/** The text a reader sees: tags dropped, entities decoded. */
const shown = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#46;/g, ".")
    .replace(/&amp;/g, "&")
    .trim();

/** No markup from the data: only the tags the context itself makes. */
const tagsOf = (html: string) => [...html.matchAll(/<(\w+)/g)].map((m) => m[1]);

describe("the one Markdown escaper, in each context it is used in", () => {
  it("inline text: a paragraph shows the text as written, with no markup", () => {
    const html = md.render(escapeMarkdown(HOSTILE));
    expect(tagsOf(html)).toEqual(["p"]);
    expect(shown(html)).toBe(HOSTILE);
  });

  it("heading: stays one heading, and text that looks like a heading does not start one", () => {
    expect(tagsOf(md.render(`## ${escapeMarkdown(HOSTILE)}`))).toEqual(["h2"]);
    expect(tagsOf(md.render(escapeMarkdown("# not a heading")))).toEqual(["p"]);
    expect(shown(md.render(escapeMarkdown("# not a heading")))).toBe("# not a heading");
  });

  it("table cell: a pipe or a line break cannot add a column or a row", () => {
    const cell = escapeMarkdown("a | b\nc");
    const html = md.render(`| h |\n| --- |\n| ${cell} |`);
    expect(tagsOf(html).filter((t) => t === "td")).toHaveLength(1);
    expect(shown(html.slice(html.indexOf("<td>")))).toBe("a | b c");
  });

  it("link text: brackets cannot close the link early or nest another", () => {
    const html = md.render(`[${escapeMarkdown("a] [b](http://evil.example) [c")}](#section)`);
    expect([...html.matchAll(/<a /g)]).toHaveLength(1);
    expect(html).toContain('href="#section"');
    expect(shown(html)).toBe("a] [b](http://evil.example) [c");
  });

  it("URL: a relative path with spaces and parentheses stays one link destination", () => {
    const href = markdownHref("my assets (2)/chart one).png");
    expect(href).toBe("my%20assets%20%282%29/chart%20one%29.png");
    const html = md.render(`![chart](${href})`);
    expect(html).toContain(`src="${href}"`);
  });

  it("leaves formatted figures unchanged", () => {
    for (const figure of ["42.3%", "+4.2 pp", "\u22121.0 pp", "12,345", "\u22123"])
      expect(escapeMarkdown(figure)).toBe(figure);
  });

  it("keeps the no-break spaces of localized figures, so a line never breaks between number and unit", () => {
    // German and Spanish percent (U+00A0), French percent and thousands (U+202F).
    for (const figure of ["39,7\u00a0%", "39,7\u202f%", "12\u202f345", "+4,2\u00a0pp"])
      expect(escapeMarkdown(figure)).toBe(figure);
    // Other whitespace still collapses to one plain space.
    expect(escapeMarkdown("a\t\n  b")).toBe("a b");
  });
});
