/**
 * The run plan (docs/architecture.md, "The run plan"): one client's settings under the run's
 * flags, its email included, merged once; and the preview's share of the same merge.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load-config.js";
import { clientReports } from "../../src/pipeline/client-reports.js";
import { NoRecipientsError } from "../../src/pipeline/no-recipients-error.js";
import { clientRequest, emailOf, planJob, type RunSpec } from "../../src/pipeline/run-plan.js";
import { tempDir } from "../_tmp.js";
import { smallReportData } from "../fixtures/report-data.js";

const SMTP = { smtpUrl: "smtp://127.0.0.1:2525", from: "env <env@agency.example>", maxAttachmentBytes: 1000 };

describe("planJob", () => {
  const dir = tempDir("run-plan");
  const { project, period } = smallReportData();
  const other = { ...project, id: "00000000-0000-4000-8000-000000000002", name: "Other\nclient" };

  async function clientsOf(config: object) {
    const path = join(dir, `config-${Math.random().toString(36).slice(2)}.json`);
    await writeFile(path, JSON.stringify(config));
    return clientReports(await loadConfig(path));
  }

  const run = (
    email?: RunSpec<typeof SMTP & { to: string[] }>["email"],
  ): RunSpec<typeof SMTP & { to: string[] }> => ({
    period,
    formats: ["md"],
    outDir: dir,
    render: { accessible: false, draft: true },
    ...(email ? { email } : {}),
  });

  it("merges the client's email with the run's once: its recipients, cc, reply-to, templates and sender", async () => {
    const clients = await clientsOf({
      email: { from: "Agency <reports@agency.example>", subject: "{{project}} report" },
      projects: [{ match: project.id, email: { to: ["cmo@acme.example"], cc: ["am@agency.example"] } }],
    });
    const plan = planJob(
      project,
      clients(project),
      run({ options: { ...SMTP, to: [] }, explicitFrom: false }),
    );
    expect(emailOf(plan)).toEqual({
      ...SMTP,
      to: ["cmo@acme.example"],
      cc: ["am@agency.example"],
      from: "Agency <reports@agency.example>",
      templates: { subject: "{{project}} report" },
    });
    // `--email a@x` wins over the client's recipients, `--email-from` over its sender.
    const flags = planJob(
      project,
      clients(project),
      run({ options: { ...SMTP, to: ["a@x.example"] }, explicitFrom: true }),
    );
    expect(emailOf(flags)).toMatchObject({ to: ["a@x.example"], from: SMTP.from });
    // The layout flags over the client's settings, as before.
    expect(plan.job.render).toMatchObject({ draft: true, accessible: false });
    expect(plan.job.render).toEqual(clientRequest(clients(project), run().render).render);
  });

  it("keeps nobody-to-receive for the send: only that client's delivery fails, naming it on one line", async () => {
    const clients = await clientsOf({});
    const plan = planJob(other, clients(other), run({ options: { ...SMTP, to: [] }, explicitFrom: false }));
    expect(plan.email?.ok).toBe(false);
    const err = (() => {
      try {
        emailOf(plan);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(NoRecipientsError);
    expect((err as NoRecipientsError).retryable).toBe(false);
    expect((err as Error).message).toBe(
      "no recipients for Other\\nclient: give --email addresses, or email.to for it in the config file",
    );
    // A run that sends nothing plans no email.
    expect(emailOf(planJob(other, clients(other), run()))).toBeUndefined();
  });
});
