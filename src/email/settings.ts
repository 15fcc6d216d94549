import type { EmailTemplates } from "../format/email-template.js";

/** Where and how report emails go. */
export interface EmailSettings {
  smtpUrl: string;
  from: string;
  maxAttachmentBytes: number;
}

/** Validated `--email` with its SMTP settings, and what the config adds for one client. */
export interface EmailOptions extends EmailSettings {
  to: string[];
  cc?: string[];
  replyTo?: string;
  /** The agency's subject and body templates (docs/email.md). */
  templates?: EmailTemplates;
}

/** Default sender when neither `--email-from` nor `VREPORT_EMAIL_FROM` is given. */
export const DEFAULT_FROM = "vreport <reports@localhost>";
