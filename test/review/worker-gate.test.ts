/**
 * The worker's review gate (docs/review.md): a report job that emails a client whose review is
 * required renders the report but does not email it while it is a draft (the job fails with the
 * reason, nothing reaches the SMTP server, the draft is on the cycle's list); once approved, the
 * same job emails it, through the delivery ledger, to a real SMTP server, and the ledger's record
 * of the send makes the review `sent` (by the worker), after which nothing sends it again.
 */
import { type Job, type Queue, UnrecoverableError } from "bullmq";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviewListOp, reviewSetOp } from "../../src/cli/commands/review.js";
import { reviewGate, storeReviews } from "../../src/cli/review-gate.js";
import { createClient } from "../../src/client/index.js";
import { type ClientSettings, loadConfig } from "../../src/config/load-config.js";
import { HeldForReviewError } from "../../src/jobs/errors.js";
import { createProcessor } from "../../src/jobs/process-job.js";
import { clientReports } from "../../src/pipeline/client-reports.js";
import { deliveryLedger } from "../../src/service/deliveries/index.js";
import { type SendingSetup, startSendingSetup } from "./_sending-setup.js";

describe("the worker's review gate", () => {
  let setup: SendingSetup;
  beforeAll(async () => {
    setup = await startSendingSetup();
  });
  afterAll(() => setup?.close());
  const quiet = { out: () => {}, err: () => {} };

  it("does not email a draft; emails it once approved", async () => {
    const { service, store, smtp, dir } = setup;
    const project = service.projects[0]!;
    const client = createClient({ baseUrl: service.baseUrl, apiKey: service.apiKey });
    const processor = createProcessor({
      service: { client, baseUrl: service.baseUrl, clientFor: () => client, close: async () => {} },
      clients: await clientReports(await loadConfig()),
      queue: undefined as unknown as Queue,
      email: {
        smtpUrl: smtp.url,
        from: "Northwind <reports@northwind.test>",
        maxAttachmentBytes: 10_000_000,
      },
      send: {
        timing: { emailRetry: { attempts: 1 } },
        deliveries: deliveryLedger(store.db),
        review: reviewGate(storeReviews(store), {
          forProject: () => ({ review: "required" }) as ClientSettings,
        }),
      },
    });
    const data = { project: project.id, range: "30d", month: "2025-06", formats: ["md"], out: dir };
    const job = {
      id: "gate-1",
      name: "report",
      data: { ...data, email: ["cmo@client.test"] },
    } as unknown as Job;

    const held = await processor(job).catch((e: unknown) => e);
    expect((held as Error).message).toContain(
      `not emailed: the report of ${project.name} for 2025-06 is draft: it is emailed once approved`,
    );
    // Not retried, and held rather than failed: the worker's log says so (docs/review.md).
    expect(held).toBeInstanceOf(UnrecoverableError);
    expect((held as Error).cause).toBeInstanceOf(HeldForReviewError);
    expect(((held as Error).cause as HeldForReviewError).sentAlready).toBe(false);
    expect(smtp.received).toEqual([]);
    expect(await reviewListOp(store, { period: "2025-06", json: false }, quiet)).toMatchObject([
      { projectId: project.id, state: "draft", by: "worker" },
    ]);

    await reviewSetOp(
      store,
      { project: project.id, period: "2025-06", state: "approved", by: "dana" },
      quiet,
    );
    const result = await processor(job);
    expect(result).toMatchObject({ emailed: ["cmo@client.test"] });
    expect(smtp.received.map((m) => m.to)).toEqual([["cmo@client.test"]]);
    // The ledger's record of the send made the review sent, by the worker, in the same write.
    const [sent] = await reviewListOp(store, { period: "2025-06", json: false }, quiet);
    expect(sent).toMatchObject({ projectId: project.id, state: "sent", by: "worker" });
    const ledger = await sql<{ sent_at: Date }>`SELECT sent_at FROM report_deliveries`.execute(store.db);
    expect(ledger.rows.map((r) => new Date(r.sent_at).toISOString())).toEqual([sent!.at]);

    // Sent is final: the same report in other formats (another delivery to the ledger) is not sent.
    const again = { ...job, id: "gate-2", data: { ...job.data, formats: ["md", "html"] } } as Job;
    const skipped = await processor(again).catch((e: unknown) => e);
    expect((skipped as Error).message).toBe(
      `not emailed: the report of ${project.name} for 2025-06 was sent already (by worker at ${sent!.at}): nothing is sent again`,
    );
    // Logged as skipped, not as held for review: nothing is left to review.
    expect(((skipped as Error).cause as HeldForReviewError).sentAlready).toBe(true);
    expect(smtp.received).toHaveLength(1);
  });
});
