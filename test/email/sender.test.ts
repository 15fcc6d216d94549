import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseEmailSettings } from "../../src/cli/email-flags.js";
import { CliError } from "../../src/cli/errors.js";
import { senderProblem } from "../../src/config/email-address.js";
import { ConfigError, loadConfig } from "../../src/config/load-config.js";
import { tempDir } from "../_tmp.js";

const FORM = "must be one email address, optionally with a name: Name <reports@agency.example>";
const ONE_LINE = `${FORM}, on one line without control characters`;

describe("the email sender is one address, parsed strictly (docs/email.md)", () => {
  const dir = tempDir("sender");

  it("takes an address alone or with a name, and nothing else", () => {
    for (const ok of [
      "reports@agency.example",
      "Northwind <reports@northwind.example>",
      '"Northwind, Digital" <reports@northwind.example>',
      " Nörthwind  <reports@northwind.example> ",
    ])
      expect(senderProblem(ok), ok).toBeNull();
    const bad: [string, string][] = [
      // Parsed leniently by nodemailer these became a group "Evil Bcc" with an empty or a foreign envelope sender.
      ["Evil\r\nBcc: x@y.example <a@agency.example>", ONE_LINE],
      ["Evil <a@agency.example>\r\nBcc: c@d.example", ONE_LINE],
      ["Evil\nBcc:;", ONE_LINE],
      ["Evil Bcc:;", FORM],
      ["Group: a@agency.example;", FORM],
      ["a@agency.example, b@agency.example", FORM],
      ["a@agency.example b@agency.example", FORM],
      ["Name <a@agency.example> more", FORM],
      ["Name <a@agency.example", FORM],
      ["<>", FORM],
      ["reports-at-agency", FORM],
    ];
    for (const [value, problem] of bad) expect(senderProblem(value), JSON.stringify(value)).toBe(problem);
  });

  it("a bad config `from` is a config error naming the field", async () => {
    const cases: [unknown, string][] = [
      [{ email: { from: "Evil\r\nBcc: x@y.example <a@agency.example>" } }, `email.from: ${ONE_LINE}`],
      [
        { projects: [{ match: "Acme", email: { from: "Evil Bcc:;" } }] },
        `projects[0] ("Acme").email.from: ${FORM}`,
      ],
    ];
    for (const [i, [body, message]] of cases.entries()) {
      const path = join(dir, `from-${i}.json`);
      await writeFile(path, JSON.stringify(body));
      const err = await loadConfig(path).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toContain(message);
    }
  });

  it("a bad --email-from or VREPORT_EMAIL_FROM is a usage error (exit 2) naming its source on one line", () => {
    const smtpUrl = "smtp://127.0.0.1:2525";
    const caught = (fn: () => unknown): CliError => {
      try {
        fn();
      } catch (e) {
        return e as CliError;
      }
      throw new Error("expected a CliError");
    };
    const flag = caught(() => parseEmailSettings({ smtpUrl, emailFrom: "Evil\r\nBcc: x@y.example" }, {}));
    expect(flag).toBeInstanceOf(CliError);
    expect([flag.exitCode, flag.message]).toEqual([
      2,
      `invalid --email-from "Evil\\r\\nBcc: x@y.example": ${ONE_LINE}`,
    ]);
    const env = caught(() =>
      parseEmailSettings({ smtpUrl }, { VREPORT_EMAIL_FROM: "a@x.example, b@y.example" }),
    );
    expect([env.exitCode, env.message]).toEqual([
      2,
      `invalid VREPORT_EMAIL_FROM "a@x.example, b@y.example": ${FORM}`,
    ]);
    expect(parseEmailSettings({ smtpUrl, emailFrom: "Agency <r@agency.example>" }, {})?.from).toBe(
      "Agency <r@agency.example>",
    );
  });
});
