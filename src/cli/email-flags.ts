import { senderProblem } from "../config/email-address.js";
import { DEFAULT_MAX_ATTACHMENT_BYTES } from "../email/attachments.js";
import { DEFAULT_FROM, type EmailOptions, type EmailSettings } from "../email/settings.js";
import { CliError, EXIT } from "./errors.js";

/** Raw email flags as commander hands them over (shared by `generate`, `worker`, `enqueue`, `schedule`). */
export interface EmailFlags {
  /** Addresses, or true for `--email` alone: each client's recipients from the config file. */
  email?: string | true;
  smtpUrl?: string;
  emailFrom?: string;
  maxAttachmentMb?: string;
}

// Deliberately loose: the SMTP server is the judge; this only catches typos like a missing @.
const ADDRESS = /^[^\s@,;<>]+@[^\s@,;<>]+$/;

/** Splits and checks `--email a@x,b@y`; one bad address is a usage error naming it. */
export function parseRecipients(value: string): string[] {
  const to = [
    ...new Set(
      value
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s.length > 0),
    ),
  ];
  const bad = to.find((a) => !ADDRESS.test(a));
  if (to.length === 0 || bad !== undefined) {
    throw CliError.badFlag("--email", bad ?? value, "comma-separated email addresses (a@x.com,b@y.com)");
  }
  return to;
}

/** SMTP settings from flags, then `VREPORT_SMTP_URL` / `VREPORT_EMAIL_FROM`; undefined without an SMTP URL. */
export function parseEmailSettings(
  flags: EmailFlags,
  env: NodeJS.ProcessEnv = process.env,
): EmailSettings | undefined {
  const smtpUrl = flags.smtpUrl ?? env.VREPORT_SMTP_URL;
  let maxAttachmentBytes = DEFAULT_MAX_ATTACHMENT_BYTES;
  if (flags.maxAttachmentMb !== undefined) {
    const mb = Number(flags.maxAttachmentMb);
    if (!(mb > 0) || !Number.isFinite(mb))
      throw CliError.badFlag("--max-attachment-mb", flags.maxAttachmentMb, "a positive number of MB");
    maxAttachmentBytes = Math.floor(mb * 1_048_576);
  }
  if (smtpUrl === undefined) return undefined;
  let ok = false;
  try {
    ok = ["smtp:", "smtps:"].includes(new URL(smtpUrl).protocol);
  } catch {}
  if (!ok) throw CliError.badFlag("--smtp-url", "(hidden)", "an smtp:// or smtps:// URL");
  return { smtpUrl, from: senderFrom(flags, env), maxAttachmentBytes };
}

/** The sender from `--email-from`, else `VREPORT_EMAIL_FROM`, else the default; a bad one is a usage error naming its source. */
function senderFrom(flags: EmailFlags, env: NodeJS.ProcessEnv): string {
  const [source, from] =
    flags.emailFrom !== undefined
      ? ["--email-from", flags.emailFrom]
      : env.VREPORT_EMAIL_FROM !== undefined
        ? ["VREPORT_EMAIL_FROM", env.VREPORT_EMAIL_FROM]
        : [undefined, DEFAULT_FROM];
  const problem = source === undefined ? null : senderProblem(from);
  // JSON quoting keeps the line one line: a CR or LF in the value is shown, not printed.
  if (problem !== null)
    throw new CliError(`invalid ${source} ${JSON.stringify(from)}: ${problem}`, EXIT.usage);
  return from;
}

/**
 * `--email` with its SMTP settings for `generate`: undefined without `--email`; `--email` without
 * an SMTP URL is a usage error (exit 2), so a run never renders for nothing. Each client's run plan
 * merges it with the client's config (pipeline/client-email.ts).
 */
export function parseEmailFlags(
  flags: EmailFlags,
  env: NodeJS.ProcessEnv = process.env,
): EmailOptions | undefined {
  if (flags.email === undefined) return undefined;
  const to = flags.email === true ? [] : parseRecipients(flags.email);
  const settings = parseEmailSettings(flags, env);
  if (settings === undefined)
    throw new CliError("--email needs --smtp-url (or VREPORT_SMTP_URL)", EXIT.usage);
  return { ...settings, to };
}
