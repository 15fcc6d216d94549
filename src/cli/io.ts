import { terminalSafe } from "../format/terminal-text.js";

// Text from data made inert for a terminal; defined below the CLI, since errors of lower layers
// name data in their messages too.
export { inline, terminalSafe } from "../format/terminal-text.js";

/** Where the command writes its lines; tests pass their own. */
export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  /** True on a terminal: progress is redrawn in place instead of printed line by line. */
  tty: boolean;
}

/** Standard output and error of this process; every line is made terminal-safe on its way out. */
export const processIo: Io = {
  out: (l) => process.stdout.write(`${terminalSafe(l)}\n`),
  err: (l) => process.stderr.write(`${terminalSafe(l)}\n`),
  tty: Boolean(process.stderr.isTTY),
};

/** Where a command prints its result lines; tests pass their own. */
export type Out = (line: string) => void;

/** Standard output, one line at a time. */
export const stdout: Out = processIo.out;

/** A command-line argument as a POSIX shell reads it back: quoted only when it must be. */
export function shellArg(value: string): string {
  if (/^[\w@%+=:,./-]+$/.test(value)) return value;
  // In single quotes, where only a quote itself needs writing out: close, an escaped quote, reopen.
  const quote = "'";
  return quote + value.split(quote).join(`${quote}\\${quote}${quote}`) + quote;
}
