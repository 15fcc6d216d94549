import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { composeReportEmail, reportSubject } from "../../src/email/compose.js";
import { AttachmentTooLargeError, SmtpDeliveryError } from "../../src/email/errors.js";
import { sendReportEmail } from "../../src/email/send-report.js";
import { closeSmtpPools, sendOnPooledConnections } from "../../src/email/smtp-pool.js";
import { SAMPLE_VARS } from "../../src/format/email-template.js";
import { ENGLISH, langOf, periodText } from "../../src/format/i18n/index.js";
import { tempDir } from "../_tmp.js";
import { leaves, parseMime } from "./_mime.js";
import { startSmtp, type TestSmtp } from "./_smtp-server.js";

const dir = tempDir("email");

const pdf = join(dir, "acme-ai-visibility-30d-2026-11-01.pdf");
const xlsx = join(dir, "acme-ai-visibility-30d-2026-11-01.xlsx");
const md = join(dir, "acme-ai-visibility-30d-2026-11-01.md");
const pdfBytes = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(180_000)]);
const xlsxBytes = randomBytes(40_000);
const mdText = "# Acme — report\n\n| a | b |\n|---|---|\n| 1 | 2 |\n";
writeFileSync(pdf, pdfBytes);
writeFileSync(xlsx, xlsxBytes);
writeFileSync(md, mdText);

const HOSTILE =
  'Prompt "<script>alert(1)</script>" gained **12.0 pp**; see [this](javascript:alert(1)) | `x`';
const period = { start: "2026-10-03", end: "2026-11-01" };
let smtp: TestSmtp | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

const base = (url: string) => ({
  smtpUrl: url,
  from: "vreport <reports@agency.test>",
  to: ["alice@client.test", "bob@client.test"],
  project: "Acme",
  period,
  files: [pdf, xlsx, md],
  summary: [
    {
      text: "Mention rate rose by +4.2 pp to 42.3%.",
      tone: "positive" as const,
      section: "summary" as const,
    },
    { text: HOSTILE, tone: "neutral" as const, section: "summary" as const },
  ],
  retryDelayMs: 20,
});

describe("sendReportEmail against a real SMTP server", () => {
  it("delivers recipients, subject, attachments (names, types, sizes), HTML and text bodies", async () => {
    smtp = await startSmtp();
    const sent = await sendReportEmail(base(smtp.url));
    expect(sent.attempts).toBe(1);
    expect(sent.accepted.sort()).toEqual(["alice@client.test", "bob@client.test"]);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to.sort()).toEqual(["alice@client.test", "bob@client.test"]);
    expect(mail.from).toBe("reports@agency.test");

    const message = parseMime(mail.raw);
    expect(message.headers.get("subject")).toBe("AI visibility report — Acme — 2026-10-03 to 2026-11-01");
    expect(message.headers.get("to")).toContain("alice@client.test");
    const parts = leaves(message);
    const attachments = parts.filter((p) => p.filename);
    expect(attachments.map((a) => [a.filename, a.contentType, a.body.length])).toEqual([
      ["acme-ai-visibility-30d-2026-11-01.pdf", "application/pdf", pdfBytes.length],
      [
        "acme-ai-visibility-30d-2026-11-01.xlsx",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        xlsxBytes.length,
      ],
      ["acme-ai-visibility-30d-2026-11-01.md", "text/markdown", Buffer.byteLength(mdText)],
    ]);
    expect(attachments[0]!.body.equals(pdfBytes)).toBe(true);
    expect(attachments[2]!.body.toString("utf8")).toBe(mdText);

    const html = parts.find((p) => p.contentType === "text/html")!.body.toString("utf8");
    const text = parts.find((p) => p.contentType === "text/plain" && !p.filename)!.body.toString("utf8");
    expect(html).toContain("<h2>Executive summary</h2>");
    expect(html).toContain("<li>Mention rate rose by +4.2 pp to 42.3%.</li>");
    // Untrusted text stays text: no script, no emphasis, no link.
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<strong>12.0");
    expect(html).not.toMatch(/<a /);
    expect(html).not.toContain("<code>");
    expect(text).toContain("Period: 2026-10-03 to 2026-11-01");
    expect(text).toContain(`- ${HOSTILE}`);
    expect(text).toContain("- acme-ai-visibility-30d-2026-11-01.pdf (176 kB)");
  });

  it("refuses attachments over the cap before connecting", async () => {
    smtp = await startSmtp();
    const err = await sendReportEmail({ ...base(smtp.url), maxAttachmentBytes: 100_000 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AttachmentTooLargeError);
    expect((err as Error).message).toMatch(
      /attachments total 0\.2 MB, over the 0\.1 MB cap: .*\.pdf \(0\.2 MB\)/,
    );
    expect(smtp.connections).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it("sends each email over a connection of its own, unless the process pools them", async () => {
    smtp = await startSmtp();
    for (const to of ["a@client.test", "b@client.test"])
      await sendReportEmail({ ...base(smtp.url), to: [to] });
    expect(smtp.connections).toBe(2);
    // A worker's emails (docs/email.md, "Connections"): three emails, one connection, kept open
    // between them and closed with the session.
    sendOnPooledConnections();
    try {
      for (const to of ["c@client.test", "d@client.test", "e@client.test"])
        await sendReportEmail({ ...base(smtp.url), to: [to] });
      expect(smtp.received.map((m) => m.to)).toEqual([
        ["a@client.test"],
        ["b@client.test"],
        ["c@client.test"],
        ["d@client.test"],
        ["e@client.test"],
      ]);
      expect(smtp.connections).toBe(3);
      const closedBefore = smtp.closes;
      closeSmtpPools();
      await expect.poll(() => smtp!.closes, { timeout: 5_000 }).toBeGreaterThan(closedBefore);
    } finally {
      closeSmtpPools();
    }
    // Closed: the next email opens its own again.
    await sendReportEmail({ ...base(smtp.url), to: ["f@client.test"] });
    expect(smtp.connections).toBe(4);
  });

  it("retries a server that rejects twice (451), then delivers", async () => {
    smtp = await startSmtp({ rejectFirst: 2, rejectCode: 451 });
    const sent = await sendReportEmail(base(smtp.url));
    expect(sent.attempts).toBe(3);
    expect(smtp.dataAttempts).toBe(3);
    expect(smtp.received).toHaveLength(1);
  });

  it("reports a permanent rejection (550) at once, and gives up after the attempts on transient ones", async () => {
    smtp = await startSmtp({ rejectFirst: 10, rejectCode: 550 });
    const permanent = await sendReportEmail(base(smtp.url)).catch((e: unknown) => e);
    expect(permanent).toBeInstanceOf(SmtpDeliveryError);
    expect((permanent as SmtpDeliveryError).attempts).toBe(1);
    expect((permanent as SmtpDeliveryError).responseCode).toBe(550);
    await smtp.close();

    smtp = await startSmtp({ rejectFirst: 10, rejectCode: 451 });
    const transient = await sendReportEmail({ ...base(smtp.url), attempts: 3 }).catch((e: unknown) => e);
    expect(transient).toBeInstanceOf(SmtpDeliveryError);
    expect((transient as Error).message).toMatch(/not delivered after 3 attempts: 451 Try again later/);
    expect(smtp.dataAttempts).toBe(3);
  });

  it("reports an unreachable server after its retries", async () => {
    const err = await sendReportEmail({ ...base("smtp://127.0.0.1:9"), attempts: 2 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SmtpDeliveryError);
    expect((err as SmtpDeliveryError).attempts).toBe(2);
  });
});

describe("composeReportEmail", () => {
  it("names project and period in one subject line, whatever the name holds", () => {
    expect(reportSubject("Acme\r\nBcc: evil@x", period)).toBe(
      "AI visibility report — Acme Bcc: evil@x — 2026-10-03 to 2026-11-01",
    );
  });

  it("names a calendar month or quarter as the report does, any other period by its days", () => {
    const german = langOf("de-DE");
    expect(reportSubject("Acme", { start: "2026-10-01", end: "2026-10-31" })).toBe(
      "AI visibility report — Acme — October 2026",
    );
    expect(periodText(german, { start: "2026-10-01", end: "2026-10-31" })).toBe("Oktober 2026");
    expect(periodText(ENGLISH, { start: "2026-10-01", end: "2026-12-31" })).toBe("Q4 2026");
    expect(periodText(german, period)).toBe("03.10.2026 bis 01.11.2026");
    // Month to date is not the month: its days.
    expect(periodText(ENGLISH, { start: "2026-11-01", end: "2026-11-29" })).toBe("2026-11-01 to 2026-11-29");
    const body = composeReportEmail({
      project: "Acme",
      period: { start: "2026-10-01", end: "2026-10-31" },
      summary: [],
      files: [],
    });
    expect(body.markdown).toContain("Period: **October 2026**");
  });

  it("says so when there is no finding, and escapes the project name in Markdown", () => {
    const c = composeReportEmail({ project: "# *Acme* <b>", period, summary: [], files: [] });
    expect(c.markdown).toContain("No finding for this period.");
    expect(c.html).toContain("<h1>AI visibility report — # *Acme* &lt;b&gt;</h1>");
  });

  it("a template's text part: its words and values as written, the files in words, no Markdown heading", () => {
    const c = composeReportEmail({
      project: "Acme",
      period,
      summary: [],
      files: [{ filename: "acme.pdf", bytes: 2048 }],
      templates: {
        body: "Hello {{project}},\n\n{{#each kpis}}- {{label}}: {{value}} ({{change}})\n{{/each}}",
      },
      vars: { ...SAMPLE_VARS, project: "Acme *Corp*" },
    });
    expect(c.text.split("\n")).toEqual([
      "Hello Acme *Corp*,",
      "",
      "- Mention rate: 35.0% (+5.0 pp vs 30.0%)",
      "",
      "Attached",
      "- acme.pdf (2 kB)",
      "",
    ]);
    expect(c.markdown).toContain("Hello Acme \\*Corp\\*,");
    expect(c.html).toContain("<h2>Attached</h2>");
  });

  it("writes the built-in email in the report's language, dates as its locale writes them", () => {
    const files = [
      { filename: "acme.pdf", bytes: 2048 },
      { filename: "acme.xlsx", bytes: 2_411_725 },
    ];
    const c = composeReportEmail({ project: "Acme", period, summary: [], files, locale: "de-DE" });
    expect(c.subject).toBe("KI-Sichtbarkeitsbericht — Acme — 03.10.2026 bis 01.11.2026");
    expect(c.markdown.split("\n")).toEqual([
      "# KI-Sichtbarkeitsbericht — Acme",
      "",
      "Zeitraum: **03.10.2026** bis **01.11.2026**",
      "",
      "## Management Summary",
      "",
      "Keine Feststellung für diesen Zeitraum.",
      "",
      "## Anhänge",
      "",
      "- acme.pdf (2 kB)",
      // 2,411,725 bytes = 2.3 MiB: sizes in the locale's digits too.
      "- acme.xlsx (2,3 MB)",
      "",
    ]);
    expect(c.text).toContain("Zeitraum: 03.10.2026 bis 01.11.2026\n");
    const fr = composeReportEmail({ project: "Acme", period, summary: [], files, locale: "fr-FR" });
    expect(fr.subject).toBe("Rapport de visibilité IA — Acme — du 03/10/2026 au 01/11/2026");
    // French writes bytes as octets, after a narrow no-break space.
    expect(fr.text).toContain("- acme.pdf (2\u202fko)\n- acme.xlsx (2,3\u202fMo)\n");
  });
});
