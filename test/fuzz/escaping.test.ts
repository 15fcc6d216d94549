import { createRequire } from "node:module";
import fc from "fast-check";
import MarkdownIt from "markdown-it";
import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import { terminalSafe } from "../../src/cli/io.js";
import { escapeMarkdown } from "../../src/format/markdown-escape.js";
import { xmlSafe } from "../../src/render/cell-text.js";
import { renderHtml } from "../../src/render/html/compose.js";
import { sampleView } from "../fixtures/sample-view.js";

// The workbook writer's own escaping (exceljs writes every cell's text through it): `&`, `<` and
// `>` (so "]]>" never reaches the XML), quotes.
const { xmlEncode } = createRequire(import.meta.url)("exceljs/lib/utils/utils.js") as {
  xmlEncode: (text: string) => string;
};

/** Any text, with the characters markup and terminals act on made likely. */
const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 80 }),
  fc
    .array(
      fc.constantFrom(
        "<",
        ">",
        "&",
        "[",
        "]",
        "(",
        ")",
        "`",
        "*",
        "_",
        "|",
        "#",
        "\n",
        "\r",
        "\u001b",
        "\u0000",
        "\uFFFE",
        "\uD800",
        "www.",
        "://",
        "javascript:",
        "<script>",
        "-",
        "1.",
        "a",
        " ",
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.join("")),
);

const md = new MarkdownIt({ html: true, linkify: true });
const RUNS = { numRuns: 300 };

/** No input produces unescaped output in any format. */
describe("escaping holds for any text", () => {
  it("Markdown: a paragraph, a heading and a table cell make only their own element", () => {
    fc.assert(
      fc.property(text, (t) => {
        const safe = escapeMarkdown(t);
        expect(safe).not.toMatch(/[\r\n]/);
        const tags = (html: string) => [...html.matchAll(/<(\w+)/g)].map((m) => m[1]);
        const paragraph = tags(md.render(safe));
        expect(paragraph.every((tag) => tag === "p")).toBe(true);
        expect(tags(md.render(`## x ${safe}`))).toEqual(["h2"]);
        const table = tags(md.render(`| h |\n| --- |\n| ${safe} |`));
        expect(table.filter((tag) => tag === "td").length).toBeLessThanOrEqual(1);
        expect(table.every((tag) => ["table", "thead", "tr", "th", "tbody", "td"].includes(tag ?? ""))).toBe(
          true,
        );
      }),
      RUNS,
    );
  });

  it("XLSX: text made XML-safe always parses as XML character data", () => {
    fc.assert(
      fc.property(text, (t) => {
        const escaped = xmlEncode(xmlSafe(t));
        const bytes = Buffer.from(`<c>${escaped}</c>`, "utf8");
        const errors: string[] = [];
        const parser = new SaxesParser();
        parser.on("error", (e) => errors.push(e.message));
        parser.write(new TextDecoder("utf-8", { fatal: true }).decode(bytes)).close();
        expect(errors).toEqual([]);
      }),
      RUNS,
    );
  });

  it("terminal: no control character but tab and newline reaches the screen", () => {
    fc.assert(
      fc.property(text, (t) => {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for control characters.
        expect(terminalSafe(t)).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/);
      }),
      RUNS,
    );
  });

  it("PDF: untrusted text in a table cell never becomes markup in the printed HTML", () => {
    fc.assert(
      fc.property(text, (t) => {
        const view = sampleView();
        const prompts = view.sections.find((s) => s.key === "prompts")!;
        for (const b of prompts.blocks) if (b.kind === "table") b.rows[0]!.text = `${t}<i>x</i>`;
        const html = renderHtml(view, {}, "body");
        expect(html).not.toContain("<i>x</i>");
        expect(html).not.toMatch(/<script/i);
      }),
      { numRuns: 40 },
    );
  });
});
