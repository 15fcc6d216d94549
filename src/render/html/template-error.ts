import { type ErrorCategory, VreportError } from "../../contract/index.js";

/**
 * A template that cannot be used: a syntax error, or (templates compile in strict mode) a variable
 * its context does not have. Names the file and, where Handlebars knows it, the line; the CLI
 * exits with the config errors' code (2), and the run writes nothing (docs/templates.md).
 */
export class TemplateError extends VreportError {
  readonly code = "TEMPLATE";
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`template ${file}${line === null ? "" : `, line ${line}`}: ${reason}`, options);
  }

  override get category(): ErrorCategory {
    return "usage";
  }
}

/**
 * `err`, thrown while compiling or running the template in `file`, as a TemplateError naming it
 * (an error a nested partial already named is kept as it is: it names the innermost file).
 */
export function templateError(err: unknown, file: string): TemplateError {
  if (err instanceof TemplateError) return err;
  const e = err as { message?: unknown; lineNumber?: unknown };
  const message = typeof e?.message === "string" ? e.message : String(err);
  // Runtime errors end in " - line:column"; parse errors say "Parse error on line N:".
  const line =
    typeof e?.lineNumber === "number"
      ? e.lineNumber
      : Number(/on line (\d+)/.exec(message)?.[1] ?? Number.NaN);
  const reason = message
    .replace(/ - \d+:\d+$/, "")
    .replace(/^"([^"]*)" not defined in \[object Object\]$/, 'unknown variable "$1"')
    .replace(/^Parse error on line \d+:\n/, "syntax error:\n");
  return new TemplateError(file, Number.isFinite(line) ? line : null, reason, { cause: err });
}
