// C0 controls but tab and newline, DEL and the C1 controls: what a terminal acts on (ESC starts a
// colour, a cursor move or a title change; CR rewrites the line) instead of printing.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/**
 * Text from data (project names, titles, URLs) made inert for a terminal: each control character
 * is printed as its escape (`\x1b`), so a name cannot recolour, move or hide what follows.
 */
export function terminalSafe(text: string): string {
  return text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

const ESCAPES: Record<string, string> = { "\n": "\\n", "\t": "\\t" };

/**
 * A value from data (a project, workspace or key name) printed inside a line: terminal-safe, and
 * a newline or tab in it shown as `\n` / `\t` too, so a name cannot start a line of its own that
 * reads like another message (or another row of a table).
 */
export function inline(text: string): string {
  return terminalSafe(text).replace(/[\n\t]/g, (c) => ESCAPES[c] ?? c);
}
