import addressparser from "nodemailer/lib/addressparser/index.js";
import { z } from "zod";

/** What a sender may be, as errors say it. */
export const SENDER_FORM = "one email address, optionally with a name: Name <reports@agency.example>";

const MAILBOX = z.email();

// Any control character: CR and LF would start a new header line in a hand-written message, and
// nodemailer folds them into a group ("Evil Bcc:;") whose envelope sender is empty.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/**
 * Why `value` is not one sender mailbox (`reports@agency.example` or `Name <reports@agency.example>`),
 * or null when it is one. Parsed by nodemailer's own address parser, so what is checked is what
 * it will send; that parser is lenient ("a@x b@y" reads as a@x named "b@y", "N <a@x> more" as a@x
 * named "N more"), so only the two plain forms pass: the address alone, or ending the value in <…>.
 */
export function senderProblem(value: string): string | null {
  if (CONTROL.test(value)) return `must be ${SENDER_FORM}, on one line without control characters`;
  const parsed = addressparser(value);
  const first = parsed[0];
  const trimmed = value.trim();
  const mailbox =
    parsed.length === 1 &&
    first !== undefined &&
    "address" in first &&
    (trimmed === first.address || trimmed.endsWith(`<${first.address}>`)) &&
    MAILBOX.safeParse(first.address).success;
  return mailbox ? null : `must be ${SENDER_FORM}`;
}

/** A config field holding a sender (zod), its problem reported on the field. */
export const Sender = z
  .string()
  .min(1)
  .max(200)
  .superRefine((value, ctx) => {
    const problem = senderProblem(value);
    if (problem !== null) ctx.addIssue({ code: "custom", message: problem });
  });
