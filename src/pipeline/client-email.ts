import type { EmailConfig } from "../config/email-config.js";
import type { EmailTemplates } from "../format/email-template.js";
import { NoRecipientsError } from "./no-recipients-error.js";

/**
 * What a client's config decides of a report's email (email/settings.ts `EmailOptions` has these
 * fields and the SMTP settings, which pass through untouched): who receives it, who sends it, and
 * the agency's subject and body.
 */
export interface EmailAddressing {
  to: string[];
  from: string;
  cc?: string[];
  replyTo?: string;
  templates?: EmailTemplates;
}

/** The email a run asks for: the options its flags or job give, and whether `--email-from` was given. */
export interface EmailRequest<E extends EmailAddressing> {
  /** `to` empty: each client's own `email.to` from the config file. */
  options: E;
  /** The sender was given on the command line: it wins over each client's configured `from`. */
  explicitFrom: boolean;
}

/** A client's email as its plan holds it: the options it is sent with, or why it cannot go. */
export type PlannedEmail<E extends EmailAddressing> =
  | { ok: true; options: E }
  | { ok: false; error: NoRecipientsError };

/**
 * One client's email (docs/email.md): the request's addresses, else the client's `email.to` from
 * the config file; its cc, reply-to and templates from the config; the sender from `--email-from`
 * when given, else the config's, else the request's (the environment's or the default). Nobody to
 * receive it is a `NoRecipientsError`, kept for when the report is sent: that client's delivery
 * fails, the others go on.
 */
export function clientEmail<E extends EmailAddressing>(
  request: EmailRequest<E>,
  config: EmailConfig | undefined,
  project: { name: string },
): PlannedEmail<E> {
  const { options, explicitFrom } = request;
  const to = options.to.length > 0 ? options.to : (config?.to ?? []);
  if (to.length === 0) return { ok: false, error: new NoRecipientsError(project.name) };
  const templates = {
    ...(config?.subject !== undefined ? { subject: config.subject } : {}),
    ...(config?.body !== undefined ? { body: config.body } : {}),
  };
  return {
    ok: true,
    options: {
      ...options,
      to,
      from: explicitFrom ? options.from : (config?.from ?? options.from),
      ...(config?.cc !== undefined ? { cc: config.cc } : {}),
      ...(config?.replyTo !== undefined ? { replyTo: config.replyTo } : {}),
      ...(Object.keys(templates).length > 0 ? { templates } : {}),
    },
  };
}
