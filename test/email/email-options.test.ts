import { describe, expect, it } from "vitest";
import { parseEmailFlags, parseEmailSettings } from "../../src/cli/email-flags.js";
import type { CliError } from "../../src/cli/errors.js";
import { contentTypeOf } from "../../src/email/attachments.js";
import { DEFAULT_FROM } from "../../src/email/settings.js";

const fail = (fn: () => unknown): CliError => {
  try {
    fn();
  } catch (e) {
    return e as CliError;
  }
  throw new Error("expected a CliError");
};

describe("email flags", () => {
  it("splits and deduplicates --email; takes SMTP settings from flags, then the environment", () => {
    expect(
      parseEmailFlags({ email: " a@x.test, b@y.test,a@x.test ", smtpUrl: "smtp://127.0.0.1:2525" }, {}),
    ).toEqual({
      to: ["a@x.test", "b@y.test"],
      smtpUrl: "smtp://127.0.0.1:2525",
      from: DEFAULT_FROM,
      maxAttachmentBytes: 10 * 1_048_576,
    });
    const env = {
      VREPORT_SMTP_URL: "smtps://u:p@mail.test:465",
      VREPORT_EMAIL_FROM: "Agency <r@agency.test>",
    };
    expect(parseEmailFlags({ email: "a@x.test", maxAttachmentMb: "2.5" }, env)).toMatchObject({
      smtpUrl: env.VREPORT_SMTP_URL,
      from: env.VREPORT_EMAIL_FROM,
      maxAttachmentBytes: 2_621_440,
    });
    expect(parseEmailFlags({}, env)).toBeUndefined();
    expect(parseEmailSettings({}, {})).toBeUndefined();
  });

  it("rejects bad values with exit 2, naming the flag, never echoing the SMTP URL", () => {
    expect(fail(() => parseEmailFlags({ email: "a@x.test,oops", smtpUrl: "smtp://h" }, {})).message).toBe(
      'invalid --email "oops": allowed values are comma-separated email addresses (a@x.com,b@y.com)',
    );
    const noSmtp = fail(() => parseEmailFlags({ email: "a@x.test" }, {}));
    expect([noSmtp.exitCode, noSmtp.message]).toEqual([2, "--email needs --smtp-url (or VREPORT_SMTP_URL)"]);
    const badUrl = fail(() => parseEmailFlags({ email: "a@x.test", smtpUrl: "http://user:secret@h" }, {}));
    expect(badUrl.exitCode).toBe(2);
    expect(badUrl.message).not.toContain("secret");
    expect(
      fail(() => parseEmailFlags({ email: "a@x.test", smtpUrl: "smtp://h", maxAttachmentMb: "0" }, {}))
        .message,
    ).toMatch(/--max-attachment-mb/);
  });

  it("types attachments by extension", () => {
    expect(contentTypeOf("r.PDF")).toBe("application/pdf");
    expect(contentTypeOf("r.xlsx")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(contentTypeOf("r.md")).toBe("text/markdown; charset=utf-8");
    expect(contentTypeOf("r.html")).toBe("text/html; charset=utf-8");
    expect(contentTypeOf("r.bin")).toBe("application/octet-stream");
  });
});
