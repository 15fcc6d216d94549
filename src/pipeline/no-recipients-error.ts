import { VreportError } from "../contract/index.js";
import { inline } from "../format/terminal-text.js";

/**
 * A client's report is to be emailed but nobody is to receive it: no addresses on the command
 * line or in the job, and no `email.to` for it in the config file (docs/email.md). Only that
 * client's delivery fails; the others go on. Not retried: until someone names recipients, every
 * try ends the same way.
 */
export class NoRecipientsError extends VreportError {
  constructor(readonly project: string) {
    super(
      `no recipients for ${inline(project)}: give --email addresses, or email.to for it in the config file`,
    );
  }

  override get retryable(): boolean {
    return false;
  }
}
