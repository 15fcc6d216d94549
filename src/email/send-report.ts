import { setTimeout as sleep } from "node:timers/promises";
import type { EmailTemplates, EmailVars } from "../format/email-template.js";
import { countOf } from "../format/plural.js";
import type { Finding } from "../report/model.js";
import { DEFAULT_MAX_ATTACHMENT_BYTES, prepareAttachments } from "./attachments.js";
import { composeReportEmail, type EmailPeriod } from "./compose.js";
import { SmtpDeliveryError } from "./errors.js";
import { smtpTransport } from "./smtp-pool.js";

/** One report email: who, what, and how hard to try. */
export interface ReportEmail {
  /** smtp://user:pass@host:port or smtps://… (nodemailer's URL form). */
  smtpUrl: string;
  from: string;
  to: readonly string[];
  cc?: readonly string[];
  replyTo?: string;
  project: string;
  period: EmailPeriod;
  /** Paths of the files to attach. */
  files: readonly string[];
  summary: readonly (Pick<Finding, "text"> | string)[];
  /** The agency's subject and body, over `vars` (docs/email.md). */
  templates?: EmailTemplates;
  vars?: EmailVars;
  /** The report's locale: the built-in subject and body are in its language. */
  locale?: string;
  /** Default 10 MB; over it nothing is sent. */
  maxAttachmentBytes?: number;
  /** Tries in all. Default 4. */
  attempts?: number;
  /** First retry delay, doubling. Default 1 000 ms. */
  retryDelayMs?: number;
  /**
   * The Message-ID header (`<…@…>`); nodemailer makes a random one without it. A worker gives each
   * delivery a deterministic one, so a message sent again after a crash is recognisably the same
   * (docs/jobs.md, "Exactly-once email").
   */
  messageId?: string;
}

/** What was delivered. */
export interface SentEmail {
  messageId: string;
  accepted: string[];
  subject: string;
  attempts: number;
}

interface SmtpLikeError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/**
 * Transient failures are worth a retry: no connection, a timeout, or a 4xx reply ("try again
 * later", greylisting). A 5xx reply or bad credentials will not change by waiting.
 */
function transient(err: SmtpLikeError): boolean {
  if (err.code === "EAUTH") return false;
  if (typeof err.responseCode === "number") return err.responseCode >= 400 && err.responseCode < 500;
  return true;
}

/** Sends the report files with the executive summary (HTML + text); retries transient SMTP failures. */
export async function sendReportEmail(email: ReportEmail): Promise<SentEmail> {
  // Checked before connecting: an over-cap message must not reach the server at all.
  const attachments = await prepareAttachments(
    email.files,
    email.maxAttachmentBytes ?? DEFAULT_MAX_ATTACHMENT_BYTES,
  );
  const content = composeReportEmail({
    project: email.project,
    period: email.period,
    summary: email.summary,
    files: attachments,
    ...(email.templates ? { templates: email.templates } : {}),
    ...(email.vars ? { vars: email.vars } : {}),
    ...(email.locale ? { locale: email.locale } : {}),
  });
  const { transport, owned } = await smtpTransport(email.smtpUrl);
  const attempts = Math.max(1, email.attempts ?? 4);
  const baseDelay = email.retryDelayMs ?? 1_000;
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const info = await transport.sendMail({
          from: email.from,
          to: [...email.to],
          ...(email.cc?.length ? { cc: [...email.cc] } : {}),
          ...(email.replyTo ? { replyTo: email.replyTo } : {}),
          ...(email.messageId ? { messageId: email.messageId } : {}),
          subject: content.subject,
          text: content.text,
          html: content.html,
          attachments: attachments.map(({ filename, path, contentType }) => ({
            filename,
            path,
            contentType,
          })),
        });
        return {
          messageId: info.messageId,
          accepted: info.accepted.map(String),
          subject: content.subject,
          attempts: attempt,
        };
      } catch (raw) {
        const err = raw as SmtpLikeError;
        if (attempt >= attempts || !transient(err)) {
          const reply = err.response ?? err.message ?? String(raw);
          throw new SmtpDeliveryError(
            `email to ${email.to.join(", ")} not delivered after ${countOf(attempt, "attempt")}: ${reply}`,
            attempt,
            err.responseCode ?? null,
            { cause: raw },
          );
        }
        await sleep(baseDelay * 2 ** (attempt - 1));
      }
    }
  } finally {
    if (owned) transport.close();
  }
}
