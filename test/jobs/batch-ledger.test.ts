/**
 * A batch that emails through the delivery ledger (docs/jobs.md, "Exactly-once email"): run twice
 * over the real service, a real SMTP server and a ledger in a PGlite database, each client gets
 * its report once; the second run says the ledger found it sent, and the report's review is
 * `sent` by whoever ran the batch.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviewListOp } from "../../src/cli/commands/review.js";
import { createClient } from "../../src/client/index.js";
import { runBatch } from "../../src/jobs/batch.js";
import { periodAsOf } from "../../src/report/period.js";
import { deliveryLedger } from "../../src/service/deliveries/index.js";
import { type SendingSetup, startSendingSetup } from "../review/_sending-setup.js";
import { AS_OF } from "./_service.js";

describe("generate --all-projects --email through the delivery ledger", () => {
  let setup: SendingSetup;
  beforeAll(async () => {
    setup = await startSendingSetup();
  });
  afterAll(() => setup?.close());

  it("emails each report once: a second run sends nothing and says the ledger found it sent", async () => {
    const { service, store, smtp, dir } = setup;
    const client = createClient({ baseUrl: service.baseUrl, apiKey: service.apiKey });
    const project = (await client.listProjects()).projects.find((p) => p.id === service.projects[0]!.id)!;
    const run = () =>
      runBatch(
        client,
        [project],
        (project) => ({
          job: {
            project,
            period: periodAsOf({ range: "30d" }, { timezone: "UTC", asOf: AS_OF }),
            formats: ["md"],
            outDir: dir,
            branding: { agencyName: "Northwind", accentColor: "#2f6fed", locale: "en-US" },
            render: {},
          },
          email: {
            ok: true,
            options: {
              smtpUrl: smtp.url,
              from: "Northwind <reports@northwind.test>",
              maxAttachmentBytes: 10_000_000,
              to: ["cmo@client.test"],
            },
          },
        }),
        { send: { deliveries: deliveryLedger(store.db, "dana") } },
      );

    const [first] = await run();
    expect(first).toMatchObject({ emailed: ["cmo@client.test"] });
    expect(first?.error).toBeUndefined();
    expect(first?.alreadyEmailed).toBeUndefined();
    const [second] = await run();
    expect(second?.error).toBeUndefined();
    expect(second).toMatchObject({ emailed: ["cmo@client.test"], alreadyEmailed: true });
    expect(smtp.received.map((m) => m.to)).toEqual([["cmo@client.test"]]);

    const quiet = { out: () => {}, err: () => {} };
    expect(await reviewListOp(store, { json: false }, quiet)).toMatchObject([
      { projectId: project.id, period: `30d-${AS_OF}`, state: "sent", by: "dana" },
    ]);
  });
});
