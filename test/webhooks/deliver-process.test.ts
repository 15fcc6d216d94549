/**
 * `vreport deliver` as a real process: killed (SIGKILL) while a POST is in flight, its delivery is
 * sent again by the next dispatcher with the same delivery id, and nothing is lost. Also the
 * delivery tuning flags `serve` and `deliver` share.
 */
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseWebhookFlags } from "../../src/cli/commands/_webhook-flags.js";
import { deliverCommand } from "../../src/cli/commands/deliver.js";
import { ingestCommand } from "../../src/cli/commands/ingest.js";
import { webhooksAdd } from "../../src/cli/commands/webhooks.js";
import { CliError } from "../../src/cli/errors.js";
import { EventDelivery } from "../../src/contract/index.js";
import { openStore } from "../../src/service/store/db.js";
import { createDispatcher, listDeliveries, verifySignature } from "../../src/service/webhooks/index.js";
import { migratedLocation } from "../_migrated-location.js";
import { baseRecords, contentItem, ndjson } from "../ingest/_records.js";
import { type BuiltCli, buildCli, type CliProcess, spawnCli } from "../jobs/_cli-process.js";
import { describeDatabases } from "../store/_databases.js";
import { Receiver } from "./_receiver.js";

describe("delivery flags of serve and deliver", () => {
  it("set timeout, first retry delay, attempts and horizon; nothing given keeps the defaults", () => {
    expect(
      parseWebhookFlags({
        webhookTimeout: "2500",
        webhookBackoff: "1000",
        webhookMaxAttempts: "5",
        webhookHorizon: "1.5",
      }),
    ).toEqual({ timeoutMs: 2500, baseDelayMs: 1000, maxAttempts: 5, horizonMs: 5_400_000 });
    expect(parseWebhookFlags({})).toEqual({});
  });

  it("rejects a bad value with exit 2, naming the flag", () => {
    const err = (() => {
      try {
        return parseWebhookFlags({ webhookMaxAttempts: "2.5" });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).exitCode).toBe(2);
    expect((err as CliError).message).toBe(
      'invalid --webhook-max-attempts "2.5": allowed values are a positive integer',
    );
    expect(() => parseWebhookFlags({ webhookHorizon: "0" })).toThrow(
      'invalid --webhook-horizon "0": allowed values are a positive number',
    );
  });
});

let cli: BuiltCli;
beforeAll(() => {
  cli = buildCli();
});
afterAll(() => cli?.dispose());

describeDatabases("vreport deliver killed mid-delivery", (kind) => {
  let database: string;
  let dispose: () => Promise<void>;
  let receiver: Receiver;
  let child: CliProcess | undefined;
  beforeEach(async () => {
    ({ location: database, dispose } = await migratedLocation(kind, "vreport-deliver-kill-"));
    receiver = new Receiver();
    await receiver.up();
  });
  afterEach(async () => {
    if (child && child.child.exitCode === null && child.child.signalCode === null) {
      child.child.kill("SIGKILL");
      await child.exited;
    }
    await receiver.down();
    await dispose();
  });

  it("resends the delivery it was sending, with the same delivery id: never lost", async () => {
    const quiet = { out: () => {}, err: () => {} };
    await ingestCommand("-", { database }, { ...quiet, stdin: ndjson(baseRecords()) });
    const sub = await webhooksAdd(receiver.url, { database, events: "content.status_updated" }, () => {});
    await ingestCommand("-", { database }, { ...quiet, stdin: ndjson([contentItem(1, "GENERATING")]) });

    // The receiver holds its answer, so the process is surely between sending and recording.
    receiver.delayMs = 60_000;
    child = spawnCli(cli, ["deliver", "--database", database, "--webhook-timeout", "30000"], {});
    await child.waitFor(/delivering webhooks/);
    const deadline = Date.now() + 30_000;
    while (receiver.received.length === 0) {
      if (Date.now() > deadline) throw new Error(`no delivery arrived; output:\n${child.lines.join("\n")}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    child.child.kill("SIGKILL");
    await child.exited;

    const store = await openStore(database);
    try {
      const [claimed] = await listDeliveries(store.db);
      expect(claimed).toMatchObject({ status: "pending", attempts: 1, last_error: null });
      // The dead process's lease (timeout + 30 s) has not run out yet: nothing is due.
      expect(await createDispatcher(store, { onError: () => {} }).runOnce()).toBe(0);
      // Let the lease run out now rather than waiting 60 s for it.
      await sql`UPDATE webhook_deliveries SET locked_until = now() - interval '1 second'`.execute(store.db);
    } finally {
      await store.close();
    }

    receiver.delayMs = 0;
    const lines: string[] = [];
    expect(await deliverCommand({ once: true, database }, (l) => lines.push(l))).toBe(1);
    expect(lines).toEqual(["vreport: 1 delivery attempts"]);

    expect(receiver.received).toHaveLength(2);
    const [first, second] = receiver.received;
    expect(second?.headers["x-delivery-id"]).toBe(first?.headers["x-delivery-id"]);
    for (const r of receiver.received) {
      expect(verifySignature(r.body, r.headers["x-signature"] as string, sub.secret).ok).toBe(true);
      const body = EventDelivery.parse(JSON.parse(r.body));
      expect(body).toMatchObject({ event: "content.status_updated", is_test: false });
      expect(body.data).toMatchObject({ status: "PROCESSING" });
    }
    const check = await openStore(database);
    try {
      const rows = await listDeliveries(check.db);
      expect(rows.map((d) => [d.id, d.status, d.attempts])).toEqual([
        [first?.headers["x-delivery-id"], "delivered", 2],
      ]);
    } finally {
      await check.close();
    }
  });
});
