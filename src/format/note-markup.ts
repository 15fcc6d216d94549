import type { Token } from "markdown-it";
import MarkdownIt from "markdown-it";
import { escapeMarkdown } from "./markdown-escape.js";

/*
 * The agency's notes (docs/notes.md) are untrusted Markdown: one parser reads them for every
 * format, and each format gets them through one of the three renderings below. What a note can
 * never carry into a report: raw HTML (shown as text), images (nothing is fetched, not even by a
 * Markdown viewer), and links other than http, https and mailto (shown as the text they were).
 */

/** The only link schemes a note keeps as links. */
const ALLOWED_LINK = /^(?:https?|mailto):/i;

/** True for an http, https or mailto URL: the only links a note may hold. */
export function isAllowedLink(url: string): boolean {
  return ALLOWED_LINK.test(url.trim());
}

/**
 * CommonMark without raw HTML, images or autolinked bare URLs. markdown-it consults
 * `validateLink` for inline links, reference links and `<…>` autolinks alike: a refused one is not
 * parsed as a link at all, so it stays visible text (`[click](javascript:…)`).
 */
function createParser(): MarkdownIt {
  const md = new MarkdownIt("commonmark", { html: false, linkify: false, typographer: false });
  md.disable("image");
  md.validateLink = isAllowedLink;
  // An empty destination (`[a]()`) is a link markdown-it never validates: it keeps its text only.
  md.core.ruler.push("note_links", (state) => {
    for (const block of state.tokens) {
      if (!block.children) continue;
      const kept: boolean[] = [];
      block.children = block.children.filter((t) => {
        if (t.type === "link_open") kept.push(isAllowedLink(t.attrGet("href") ?? ""));
        else if (t.type !== "link_close") return true;
        return t.type === "link_open" ? kept.at(-1)! : kept.pop()!;
      });
    }
  });
  return md;
}

/** The one parser of notes (the notes file's sections are found with it too: config/notes-file.ts). */
export const noteParser: MarkdownIt = createParser();

/** A note as HTML (the PDF): every text escaped, only allowed links, no raw HTML. */
export function noteHtml(markdown: string): string {
  return noteParser.render(markdown);
}

/** A block of a note, the shape both text renderings walk. */
type NoteNode =
  | { type: "paragraph" | "heading"; inline: Token[] }
  | { type: "list"; ordered: boolean; start: number; items: NoteNode[][] }
  | { type: "quote"; children: NoteNode[] }
  | { type: "code"; text: string }
  | { type: "rule" };

/** The index of the token closing the one opened at `i` (same nesting level). */
function closing(tokens: readonly Token[], i: number): number {
  const open = tokens[i]!;
  const type = open.type.replace(/_open$/, "_close");
  for (let j = i + 1; j < tokens.length; j++)
    if (tokens[j]!.type === type && tokens[j]!.level === open.level) return j;
  return tokens.length;
}

/** The block tokens markdown-it produced, as a tree. */
function nodesOf(tokens: readonly Token[]): NoteNode[] {
  const out: NoteNode[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === "paragraph_open" || t.type === "heading_open") {
      const end = closing(tokens, i);
      const inline = tokens.slice(i + 1, end).flatMap((x) => x.children ?? []);
      out.push({ type: t.type === "paragraph_open" ? "paragraph" : "heading", inline });
      i = end;
    } else if (t.type === "bullet_list_open" || t.type === "ordered_list_open") {
      const end = closing(tokens, i);
      const items: NoteNode[][] = [];
      for (let j = i + 1; j < end; j++) {
        if (tokens[j]!.type !== "list_item_open") continue;
        const itemEnd = closing(tokens, j);
        items.push(nodesOf(tokens.slice(j + 1, itemEnd)));
        j = itemEnd;
      }
      const start = Number(t.attrGet("start") ?? 1);
      out.push({ type: "list", ordered: t.type === "ordered_list_open", start, items });
      i = end;
    } else if (t.type === "blockquote_open") {
      const end = closing(tokens, i);
      out.push({ type: "quote", children: nodesOf(tokens.slice(i + 1, end)) });
      i = end;
    } else if (t.type === "code_block" || t.type === "fence") {
      out.push({ type: "code", text: t.content.replace(/\n$/, "") });
    } else if (t.type === "hr") {
      out.push({ type: "rule" });
    }
  }
  return out;
}

/** How one of the text renderings writes each kind of block and inline run. */
interface Style {
  inline(tokens: readonly Token[]): string;
  bullet: string;
  quote: string;
  code(text: string): string[];
  heading(text: string): string;
  rule: string;
}

/** Lines of `nodes`, blocks separated by a blank line, list items by none. */
function linesOf(nodes: readonly NoteNode[], style: Style): string[] {
  const out: string[] = [];
  for (const node of nodes) {
    if (out.length > 0) out.push("");
    switch (node.type) {
      case "paragraph":
      case "heading": {
        const text = style.inline(node.inline).trim();
        if (text !== "") out.push(node.type === "heading" ? style.heading(text) : text);
        else out.pop();
        break;
      }
      case "list":
        node.items.forEach((item, k) => {
          const marker = node.ordered ? `${node.start + k}. ` : style.bullet;
          const lines = linesOf(item, style);
          out.push(`${marker}${lines[0] ?? ""}`.trimEnd());
          for (const l of lines.slice(1)) out.push(l === "" ? "" : `${" ".repeat(marker.length)}${l}`);
        });
        break;
      case "quote":
        out.push(...linesOf(node.children, style).map((l) => `${style.quote}${l}`.trimEnd()));
        break;
      case "code":
        out.push(...style.code(node.text));
        break;
      case "rule":
        out.push(style.rule);
        break;
    }
  }
  return out;
}

/** One run of text escaped for Markdown, keeping one space where it had space at either end. */
function markdownRun(text: string): string {
  const core = escapeMarkdown(text);
  if (core === "") return /\s/.test(text) ? " " : "";
  return `${/^\s/.test(text) ? " " : ""}${core}${/\s$/.test(text) ? " " : ""}`;
}

/** The longest run of backticks in `text`: a code fence around it must be longer. */
function longestTicks(text: string): number {
  return Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
}

/** A code span whose backtick fence is longer than any run of backticks inside it. */
function codeSpan(text: string): string {
  const ticks = "`".repeat(longestTicks(text) + 1);
  const pad = /^[`\s]|[`\s]$/.test(text) ? " " : "";
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

/** A link destination that cannot end early or open anything: spaces, brackets and `<>` percent-encoded. */
function markdownDestination(href: string): string {
  return href.replace(
    /[\s()<>\\`]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
  );
}

/** Inline runs as Markdown: text escaped, emphasis and code as written, only allowed links kept. */
function markdownInline(tokens: readonly Token[]): string {
  let out = "";
  const links: string[] = [];
  for (const t of tokens) {
    switch (t.type) {
      case "softbreak":
      case "hardbreak":
        out += " ";
        break;
      case "strong_open":
      case "strong_close":
        out += "**";
        break;
      case "em_open":
      case "em_close":
        out += "*";
        break;
      case "code_inline":
        out += codeSpan(t.content);
        break;
      case "link_open": {
        const href = t.attrGet("href") ?? "";
        // The parser already refused other links; checked again so no path around it exists.
        const kept = isAllowedLink(href) ? `](${markdownDestination(href)})` : "";
        links.push(kept);
        // "!" right before "[" would make the link an image, which a viewer fetches.
        if (kept !== "") out = `${out.replace(/!$/, "\\!")}[`;
        break;
      }
      case "link_close":
        out += links.pop() ?? "";
        break;
      default:
        out += markdownRun(t.content);
    }
  }
  return out;
}

const MARKDOWN: Style = {
  inline: markdownInline,
  bullet: "- ",
  quote: "> ",
  code: (text) => {
    const fence = "`".repeat(Math.max(3, longestTicks(text) + 1));
    return [fence, ...text.split("\n"), fence];
  },
  // A heading inside a note is bold text: a real one would join the report's own outline.
  heading: (text) => `**${text}**`,
  rule: "---",
};

/**
 * A note as Markdown for the Markdown report: rebuilt from the parsed note rather than copied, so
 * only what the parser understood survives, every text run goes through the one Markdown escaper
 * (no HTML, autolink or block marker can appear), and links are the allowed ones.
 */
export function noteMarkdown(markdown: string): string[] {
  return linesOf(nodesOf(noteParser.parse(markdown, {})), MARKDOWN);
}

/** Inline runs as plain text: a link shows its text, then its address when that says more. */
function plainInline(tokens: readonly Token[]): string {
  let out = "";
  const hrefs: string[] = [];
  let linkText = "";
  for (const t of tokens) {
    if (t.type === "softbreak") out += " ";
    else if (t.type === "hardbreak") out += "\n";
    else if (t.type === "link_open") {
      hrefs.push(t.attrGet("href") ?? "");
      linkText = "";
    } else if (t.type === "link_close") {
      const href = hrefs.pop() ?? "";
      const said = href === linkText || href === `mailto:${linkText}`;
      out += said ? "" : ` (${href})`;
    } else if (t.type === "text" || t.type === "code_inline") {
      out += t.content;
      linkText += t.content;
    }
  }
  return out;
}

const PLAIN: Style = {
  inline: plainInline,
  bullet: "• ",
  quote: "> ",
  code: (text) => text.split("\n"),
  heading: (text) => text,
  rule: "———",
};

/** A note as plain text (the workbook): paragraphs, "•" lists, links as "text (address)". */
export function notePlainText(markdown: string): string {
  return linesOf(nodesOf(noteParser.parse(markdown, {})), PLAIN).join("\n");
}
