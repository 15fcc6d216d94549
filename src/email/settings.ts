/** Where and how report emails go. */
export interface EmailSettings {
  smtpUrl: string;
  from: string;
  maxAttachmentBytes: number;
}

/** Validated `--email` with its SMTP settings. */
export interface EmailOptions extends EmailSettings {
  to: string[];
}

/** Default sender when neither `--email-from` nor `VREPORT_EMAIL_FROM` is given. */
export const DEFAULT_FROM = "vreport <reports@localhost>";
