import fc from "fast-check";
import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import { isAllowedLink, noteHtml, noteMarkdown, notePlainText } from "../../src/format/note-markup.js";
import { HOSTILE_NOTE } from "../fixtures/notes.js";

// Raw HTML on: a viewer that allows it (many wikis do) must still find none in what we write.
const viewer = new MarkdownIt({ html: true, linkify: true });

describe("notes markup (format/note-markup.ts)", () => {
  it("allows http, https and mailto links only", () => {
    expect(
      ["https://a.example", "HTTP://a.example", "mailto:x@a.example", " https://a.example"].map(
        isAllowedLink,
      ),
    ).toEqual([true, true, true, true]);
    expect(
      [
        "javascript:alert(1)",
        "data:text/html,x",
        "vbscript:x",
        "file:///etc",
        "/admin",
        "//evil.example",
      ].map(isAllowedLink),
    ).toEqual([false, false, false, false, false, false]);
  });

  it("renders a note's Markdown: emphasis, lists, code, quotes and allowed links", () => {
    // Lists, code and quotes are Markdown a note keeps as written.
    const kept = ["", "- one", "- two with `code`", "", "3. third", "", "> quoted", ""];
    const note = [
      "October was **strong**: see [the plan](https://example.com/plan_(v2)) or <team@example.com>.",
      ...kept,
      "### Next month",
    ].join("\n");
    expect(noteHtml(note)).toBe(
      [
        '<p>October was <strong>strong</strong>: see <a href="https://example.com/plan_(v2)">the plan</a> or <a href="mailto:team@example.com">team@example.com</a>.</p>',
        "<ul>",
        "<li>one</li>",
        "<li>two with <code>code</code></li>",
        "</ul>",
        '<ol start="3">',
        "<li>third</li>",
        "</ol>",
        "<blockquote>",
        "<p>quoted</p>",
        "</blockquote>",
        "<h3>Next month</h3>",
        "",
      ].join("\n"),
    );
    expect(noteMarkdown(note)).toEqual([
      "October was **strong**: see [the plan](https://example.com/plan_%28v2%29) or [team@example.com](mailto:team@example.com).",
      ...kept,
      "**Next month**",
    ]);
    expect(notePlainText(note)).toBe(
      [
        "October was strong: see the plan (https://example.com/plan_(v2)) or team@example.com.",
        "",
        "• one",
        "• two with code",
        "",
        "3. third",
        "",
        "> quoted",
        "",
        "Next month",
      ].join("\n"),
    );
  });

  it("keeps a hostile note inert in HTML: no tag, handler, script link or image from the note", () => {
    const html = noteHtml(HOSTILE_NOTE);
    expect(html).not.toMatch(/<(script|img|div|table|iframe)/i);
    expect(html).not.toMatch(/href="(?!https?:|mailto:)/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(2)&gt;");
    expect(html).toContain("[js](javascript:alert(4))");
    expect(html).toContain("&lt;javascript:alert(5)&gt;");
    // Images are off: the link stays a link, nothing is loaded.
    expect(html).toContain('!<a href="https://tracker.example/p.png">pixel</a>');
  });

  it("keeps a hostile note inert in Markdown, even for a viewer that renders raw HTML", () => {
    const markdown = noteMarkdown(HOSTILE_NOTE).join("\n");
    const html = viewer.render(markdown);
    expect(html).not.toMatch(/<(script|img|div|table|iframe)/i);
    expect(html).not.toMatch(/href="(?!https?:|mailto:)/i);
    expect(html).not.toMatch(/<[^>]+\son(error|click)=/i);
    // What the note said is still there to read.
    const text = html
      .replace(/<[^>]*>/g, "")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
    expect(text).toContain("<script>alert(1)</script>");
    expect(text).toContain("[js](javascript:alert(4))");
    expect(text).toContain("| fake | table |");
  });

  it("cannot open a heading, list, table or rule in the Markdown report from a note's text", () => {
    const note = "\\# not a heading\n\n\\- not a list\n\n1\\. not a list\n\n\\*\\*\\*\n\n\\| a \\| b \\|";
    const html = viewer.render(noteMarkdown(note).join("\n"));
    expect(html).not.toMatch(/<(h\d|ul|ol|hr|table)/);
    expect(notePlainText(note)).toBe("# not a heading\n\n- not a list\n\n1. not a list\n\n***\n\n| a | b |");
  });

  it("writes code with a fence longer than any backtick run inside it", () => {
    const note = "````\n```\n</code><script>x</script>\n````";
    const markdown = noteMarkdown(note);
    expect(markdown).toEqual(["````", "```", "</code><script>x</script>", "````"]);
    expect(viewer.render(markdown.join("\n"))).not.toContain("<script>");
  });
});

/** Note-like text: markup, link schemes and HTML made likely. */
const noteText = fc
  .array(
    fc.constantFrom(
      "<script>",
      "<img src=x onerror=y>",
      "</p>",
      "[a](",
      "javascript:x",
      "data:text/html,x",
      "https://ok.example/",
      "mailto:a@b.example",
      ")",
      "](",
      "<",
      ">",
      "!",
      "[",
      "]",
      "`",
      "```",
      "*",
      "_",
      "|",
      "# ",
      "### ",
      "- ",
      "1. ",
      "> ",
      "---",
      "\n",
      "\n\n",
      "    ",
      "&lt;",
      "\\",
      "a",
      " ",
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(""));

describe("notes markup holds for any note", () => {
  // Every tag a note may produce, and the only schemes a link may have.
  const NOTE_TAGS = new Set([
    "p",
    "em",
    "strong",
    "code",
    "pre",
    "a",
    "ul",
    "ol",
    "li",
    "blockquote",
    "hr",
    "br",
  ]);
  // The attributes a tag may carry: an allowed link, a list's start, a code block's language.
  const ATTRIBUTES =
    /^(?:\s+(?:href="(?:https?:|mailto:)[^"]*"|start="\d+"|class="language-[^"]*"))*\s*\/?$/i;
  const check = (html: string, headings: boolean) => {
    for (const [, tag, attributes] of html.matchAll(/<([a-z0-9]+)([^>]*)>/gi)) {
      expect(NOTE_TAGS.has(tag!) || (headings && /^h[1-6]$/.test(tag!)), tag).toBe(true);
      expect(attributes, tag).toMatch(ATTRIBUTES);
    }
  };

  it("HTML (the PDF) and the Markdown report, even for a viewer with raw HTML on", () => {
    fc.assert(
      fc.property(noteText, (note) => {
        check(noteHtml(note), true);
        // The Markdown report's own headings stay the only headings: a note's become bold text.
        check(viewer.render(noteMarkdown(note).join("\n")), false);
      }),
      { numRuns: 400 },
    );
  });
});
