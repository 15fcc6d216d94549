/**
 * The one Markdown escaper: untrusted text in GitHub-flavoured Markdown, used by the Markdown
 * report and the report email. Rules (one for every inline context: table cells, headings, list
 * items, paragraphs, link text, image alt text; link destinations go through `markdownHref`):
 *
 * - Control characters are dropped; newlines, tabs and runs of spaces become one space. A cell
 *   cannot hold a line break without HTML, and we emit no HTML, so "a\nb" reads "a b".
 * - `<` and `>` become entities, and `&` where it would start a character reference: no HTML tag,
 *   autolink or entity survives (`<script>` reads as text), and a plain `&` stays as written.
 * - `\` `` ` `` `*` `_` `[` `]` `|` `~` `$` get a backslash: no code span, emphasis, link, table
 *   column, strikethrough or math can start. Parentheses are left alone: without `[` there is no
 *   link text for them to close.
 * - `://` becomes `\://` and `www.` becomes `www&#46;`, so GitHub's autolinker leaves URLs as text.
 * - At the start of the text, block markers get a backslash: `#`, `=`, `+`/`-` before a space (or
 *   `-` before `-`), and `1.`/`1)` before a space, so a cell or list item cannot become a heading,
 *   list or rule. (`>` is already an entity, so no quote.)
 *
 * Formatted figures (`42.3%`, `+4.2 pp`, `−3`, `12,345`) pass through unchanged.
 */

// Runs of whitespace (line breaks included) become one space, but not the no-break spaces that
// keep a figure with its unit ("39,7 %" in German, "39,7 %" in French): a line must not end there.
const BREAKABLE_SPACE = /[^\S\u00A0\u2007\u202F]+/g;
// Applied after whitespace is collapsed, so only non-whitespace control characters remain to drop.
const CONTROL = /\p{Cc}/gu;
const INLINE_SPECIAL = /[\\`*_[\]|~$]/g;
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/** Escapes a block marker at the very start of the text. */
function escapeLineStart(text: string): string {
  if (/^[#=]/.test(text)) return `\\${text}`;
  if (/^[+-](\s|$)/.test(text) || text.startsWith("--")) return `\\${text}`;
  return text.replace(/^(\d{1,9})([.)])(?=\s|$)/, "$1\\$2");
}

/** Escapes untrusted text for any inline Markdown context (see the rules above). */
export function escapeMarkdown(value: string): string {
  const flat = value.replace(BREAKABLE_SPACE, " ").replace(CONTROL, "").trim();
  const escaped = flat
    // An ampersand is literal text unless it starts a character reference ("&amp;", "&#38;"):
    // only those are escaped, so "Email & automation" reads as written in the Markdown itself.
    .replace(/&(?=#|[A-Za-z][A-Za-z0-9]*;)|[<>]/g, (c) => ENTITIES[c] ?? c)
    .replace(INLINE_SPECIAL, (c) => `\\${c}`)
    .replace(/:\/\//g, "\\://")
    .replace(/\b(www)\./gi, "$1&#46;");
  return escapeLineStart(escaped);
}

/** Percent-encodes a relative path for a link destination: `(`, `)`, spaces and `<>` cannot end it early. */
export function markdownHref(path: string): string {
  return path
    .split("/")
    .map((segment) =>
      encodeURIComponent(segment).replace(
        /[()'!*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join("/");
}
