import { VreportError } from "../contract/index.js";

// C0 and C1 controls, tab and newline among them: shown as escapes, as the CLI prints a name inside
// a line (cli/io.ts `inline`), so a client's name cannot break or recolour the line naming it.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;
const NAMED: Record<string, string> = { "\n": "\\n", "\t": "\\t" };
const shown = (name: string): string =>
  name.replace(CONTROL, (c) => NAMED[c] ?? `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);

/**
 * A client's report is to be emailed but nobody is to receive it: no addresses on the command
 * line or in the job, and no `email.to` for it in the config file (docs/email.md). Only that
 * client's delivery fails; the others go on. Not retried: until someone names recipients, every
 * try ends the same way.
 */
export class NoRecipientsError extends VreportError {
  constructor(readonly project: string) {
    super(
      `no recipients for ${shown(project)}: give --email addresses, or email.to for it in the config file`,
    );
  }

  override get retryable(): boolean {
    return false;
  }
}
