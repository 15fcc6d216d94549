import type { SentEmail } from "../email/send-report.js";
import type { EmailOptions } from "../email/settings.js";
import { langOf, periodText } from "../format/i18n/index.js";
import type { RenderedReport } from "../pipeline/generate-report.js";

/** Emails a rendered report's files to `email.to`, naming its project and period from the cover. */
export async function emailReport(
  report: RenderedReport,
  email: EmailOptions,
  retry: { attempts?: number; retryDelayMs?: number } = {},
  messageId?: string,
): Promise<SentEmail> {
  const { cover } = report;
  const period = { start: cover.periodStart, end: cover.periodEnd };
  // Loaded on first use: nodemailer is only needed by runs that email.
  const { sendReportEmail } = await import("../email/send-report.js");
  return sendReportEmail({
    smtpUrl: email.smtpUrl,
    from: email.from,
    to: email.to,
    ...(email.cc ? { cc: email.cc } : {}),
    ...(email.replyTo ? { replyTo: email.replyTo } : {}),
    ...(email.templates
      ? {
          templates: email.templates,
          vars: {
            project: cover.project,
            period: periodText(langOf(report.locale), period),
            agency: report.agency,
            headline: report.findings[0]?.text ?? "",
            findings: report.findings.map((f) => f.text),
            kpis: report.headline,
          },
        }
      : {}),
    project: cover.project,
    period,
    locale: report.locale,
    files: report.files.map((f) => f.path),
    summary: report.findings,
    maxAttachmentBytes: email.maxAttachmentBytes,
    ...(messageId !== undefined ? { messageId } : {}),
    ...retry,
  });
}
