import { readFile } from "node:fs/promises";
import { ConfigError } from "../config/load-config.js";

/** One line of the file around the error, as the error page shows it. */
export interface ExcerptLine {
  number: number;
  text: string;
  /** The line the error is on. */
  marked: boolean;
}

/** Why the preview could not be rebuilt, as its error page says it. */
export interface PreviewFailure {
  /** What could not be used, in a few words: "Notes file", "Config file", "Template", … */
  what: string;
  /** The file at fault, when the error names it. */
  file?: string;
  /** Its 1-based line, when the error knows it. */
  line?: number;
  /** The error's own message (it names the file and the line too, as on the command line). */
  message: string;
  /** The lines around `line`, when the file could be read. */
  excerpt?: ExcerptLine[];
}

/** What each typed error is about; anything else failed while building the report itself. */
const WHAT: Readonly<Record<string, string>> = {
  ConfigError: "Config file",
  NotesError: "Notes file",
  ChangesError: "Change log",
  TemplateError: "Template",
};

/** Lines shown before and after the line at fault. */
const CONTEXT_LINES = 2;

/** The 1-based line of character `position` in `text`. */
function lineAt(text: string, position: number): number {
  return text.slice(0, position).split("\n").length;
}

/** Characters V8 quotes on each side of the token it stopped at ("…"tColor": }"…"). */
const V8_CONTEXT = 10;

/**
 * Where JSON.parse stopped in `text` (0-based), from its error's message: Node 20's V8 gives a
 * position ("… in JSON at position 41"), says the input ended early, or quotes the ten characters
 * on each side of an unexpected token, with "..." where it cut the text. Undefined when the
 * message says none of these (a short text quoted whole: its token may occur more than once).
 */
export function jsonErrorPosition(text: string, message: string): number | undefined {
  const at = numberIn(/at position (\d+)/, message);
  if (at !== undefined) return at;
  if (/end of JSON input/i.test(message)) return text.trimEnd().length;
  const quoted = /^Unexpected token .*?, (\.\.\.)?"([\s\S]*)"(\.\.\.)? is not valid JSON$/.exec(message);
  if (!quoted) return undefined;
  const [, before, snippet = "", after] = quoted;
  if (before) {
    const start = text.indexOf(snippet);
    return start === -1 ? undefined : start + V8_CONTEXT;
  }
  // Quoted from the start of the text up to ten characters past the token.
  return after ? snippet.length - V8_CONTEXT - 1 : undefined;
}

/** The line a Handlebars error points at: its `lineNumber`, else the parser's "Parse error on line N". */
function handlebarsLine(err: unknown): number | undefined {
  const own = (err as { lineNumber?: unknown }).lineNumber;
  if (typeof own === "number") return own;
  const match = /\bon line (\d+)/.exec(err instanceof Error ? err.message : String(err));
  return match ? Number(match[1]) : undefined;
}

/** The line an error names: its `line` field, a Handlebars line, or "line N" in its message. */
function lineOf(err: Error): number | undefined {
  const own = (err as { line?: unknown }).line;
  if (typeof own === "number") return own;
  return handlebarsLine(err) ?? numberIn(/\bline (\d+)/, err.message);
}

function numberIn(pattern: RegExp, text: string): number | undefined {
  const match = pattern.exec(text);
  return match ? Number(match[1]) : undefined;
}

/** The lines around `line` of `text`, numbered. */
function excerptOf(text: string, line: number): ExcerptLine[] {
  const lines = text.split(/\r\n?|\n/);
  const from = Math.max(1, line - CONTEXT_LINES);
  const to = Math.min(lines.length, line + CONTEXT_LINES);
  const out: ExcerptLine[] = [];
  for (let n = from; n <= to; n++) out.push({ number: n, text: lines[n - 1]!, marked: n === line });
  return out;
}

/**
 * Describes `err`, thrown while rebuilding the preview, for its error page: the typed errors of the
 * config file, notes, change log and templates carry their file (a field, or `configFile` for a
 * ConfigError, whose message names it) and line. A config file that is not JSON gets the line of
 * the parser's position. Reads the file at fault for the lines around the error.
 */
export async function describeFailure(err: unknown, configFile: string): Promise<PreviewFailure> {
  if (!(err instanceof Error)) return { what: "Report", message: String(err) };
  // A Handlebars exception (strict mode's unknown variable) carries its line and column, not its file.
  const handlebars =
    typeof (err as { column?: unknown }).column === "number" && handlebarsLine(err) !== undefined;
  const what = WHAT[err.name] ?? (handlebars ? "Template" : "Report");
  const own = (err as { file?: unknown }).file;
  const file = typeof own === "string" ? own : err instanceof ConfigError ? configFile : undefined;
  const text = file === undefined ? undefined : await readFile(file, "utf8").catch(() => undefined);
  let line = err instanceof ConfigError ? undefined : lineOf(err);
  // A config file that is not JSON: the line of the character JSON.parse stopped at.
  const position =
    err.cause instanceof SyntaxError && text !== undefined
      ? jsonErrorPosition(text, err.cause.message)
      : undefined;
  if (line === undefined && position !== undefined && text !== undefined) line = lineAt(text, position);
  const detail =
    err instanceof ConfigError && err.cause instanceof SyntaxError ? `: ${err.cause.message}` : "";
  return {
    what,
    message: `${err.message}${detail}`,
    ...(file !== undefined ? { file } : {}),
    ...(line !== undefined ? { line } : {}),
    ...(line !== undefined && text !== undefined ? { excerpt: excerptOf(text, line) } : {}),
  };
}
