import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import Handlebars from "handlebars";

/**
 * A template that does not parse: the file and the line Handlebars stopped at. Handlebars compiles
 * a template lazily, on its first render, and its parse errors name neither the file nor (always)
 * the line in a field; the preview parses every template itself first so the page can say where.
 */
export class TemplateSyntaxError extends Error {
  readonly code = "TEMPLATE_SYNTAX";
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    detail: string,
  ) {
    super(`template ${file}${line !== undefined ? `, line ${line}` : ""}: ${detail}`);
    this.name = "TemplateSyntaxError";
  }
}

/** The line a Handlebars error points at: its `lineNumber`, else the parser's "Parse error on line N". */
export function handlebarsLine(err: unknown): number | undefined {
  const own = (err as { lineNumber?: unknown }).lineNumber;
  if (typeof own === "number") return own;
  const match = /\bon line (\d+)/.exec(err instanceof Error ? err.message : String(err));
  return match ? Number(match[1]) : undefined;
}

/** Every `.hbs` file under `dir`, sorted (partials/ included). */
async function templatesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".hbs"))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/**
 * Parses every template under `dirs`; the first that does not parse throws a TemplateSyntaxError
 * naming it and its line. A folder that does not exist holds no template.
 */
export async function checkTemplates(dirs: readonly string[]): Promise<void> {
  for (const dir of dirs)
    for (const file of await templatesIn(dir)) {
      const text = await readFile(file, "utf8");
      try {
        Handlebars.parse(text);
      } catch (err) {
        const first = (err instanceof Error ? err.message : String(err)).split("\n");
        // The parser's message is "Parse error on line N:", then the source and a caret, then what it expected.
        const detail = first.length > 1 ? `${first[0]} ${first.slice(3).join(" ")}`.trim() : first[0]!;
        throw new TemplateSyntaxError(file, handlebarsLine(err), detail);
      }
    }
}
