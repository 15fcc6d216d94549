/** Quoted answers (the evidence section) in the page formats: names marked, untrusted text inert. */
import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../src/render/backends/markdown/backend.js";
import { renderHtml } from "../../src/render/html/compose.js";
import type { ReportView } from "../../src/render/types.js";
import { HOSTILE, sampleView } from "../fixtures/sample-view.js";

/** The sample view with an evidence section quoting an answer full of untrusted text. */
const base = sampleView();
const view: ReportView = {
  ...base,
  sections: [
    ...base.sections,
    {
      key: "evidence",
      title: "Evidence",
      blocks: [
        {
          kind: "quote",
          title: `“${HOSTILE.prompt}”`,
          source: `Perplexity, 2026-10-30: names Rival, not ${HOSTILE.brand}`,
          segments: [
            { text: "… **Rival** <b>", mark: null },
            { text: "Rival", mark: "competitor" },
            { text: " leads; ", mark: null },
            { text: HOSTILE.brand, mark: "brand" },
            { text: ` trails ${HOSTILE.fileLink} | x`, mark: null },
          ],
        },
      ],
    },
  ],
};

describe("quote blocks", () => {
  it("Markdown: a blockquote with the brand in bold and the competitor in italics, nothing else marked up", () => {
    const { markdown } = renderMarkdown(view, "assets");
    const html = new MarkdownIt({ html: true }).render(markdown);
    const at = html.lastIndexOf("<blockquote>");
    const quote = html.slice(at, html.indexOf("</blockquote>", at));
    expect(quote).toContain(`<strong>${HOSTILE.brand}</strong>`);
    expect(quote).toContain("<em>Rival</em>");
    // The literal ** of the answer stays text; its HTML is escaped, not a tag.
    expect(quote).toContain("**Rival** &lt;b&gt;");
    expect(quote).not.toContain("<a href");
    expect((quote.match(/<strong>/g) ?? []).length).toBe(1);
    expect((quote.match(/<em>/g) ?? []).length).toBe(1);
    // The spaces around marked names survive escaping.
    expect(quote).toContain("<em>Rival</em> leads; <strong>");
    // Prompt and source above it, escaped.
    expect(html).not.toContain("<script>");
  });

  it("PDF HTML: a figure whose marks are <mark> elements and whose text is escaped", () => {
    const html = renderHtml(view);
    const start = html.indexOf('<figure class="quote"');
    const quote = html.slice(start, html.indexOf("</figure>", start));
    expect(quote).toContain(`<mark class="mark--brand">${HOSTILE.brand}</mark>`);
    expect(quote).toContain('<mark class="mark--competitor">Rival</mark>');
    expect(quote).toContain("**Rival** &lt;b&gt;");
    expect(quote).toContain("&lt;a href&#x3D;&quot;file:///etc/passwd&quot;&gt;passwd&lt;/a&gt;");
    console.log(quote);
    expect(quote).not.toContain("<script>");
    expect(quote).not.toContain("<a ");
  });
});
