import { afterEach, beforeEach, expect, it } from "vitest";
import { deliverCommand } from "../../src/cli/commands/deliver.js";
import { ingestCommand } from "../../src/cli/commands/ingest.js";
import {
  webhooksAdd,
  webhooksDeliveries,
  webhooksList,
  webhooksRemove,
  webhooksTest,
} from "../../src/cli/commands/webhooks.js";
import { CliError } from "../../src/cli/errors.js";
import { migratedLocation } from "../_migrated-location.js";
import { baseRecords, contentItem, ndjson } from "../ingest/_records.js";
import { describeDatabases } from "../store/_databases.js";
import { Receiver } from "./_receiver.js";

describeDatabases("vreport webhooks / deliver (commands)", (kind) => {
  let database: string;
  let dispose: () => Promise<void>;
  let receiver: Receiver;
  beforeEach(async () => {
    ({ location: database, dispose } = await migratedLocation(kind, "vreport-webhooks-"));
    receiver = new Receiver();
    await receiver.up();
  });
  afterEach(async () => {
    await receiver.down();
    await dispose();
  });

  it("adds, lists, tests, delivers, lists dead letters and removes", async () => {
    const io = { out: () => {}, err: () => {}, stdin: ndjson([...baseRecords(), contentItem(1, "NEW")]) };
    await ingestCommand("-", { database }, io);
    const out: string[] = [];
    const push = (l: string) => out.push(l);

    await expect(
      webhooksAdd(receiver.url, { database, events: "content.bogus" }, push),
    ).rejects.toMatchObject({
      exitCode: 2,
    });
    const sub = await webhooksAdd(receiver.url, { database, events: "content.status_updated" }, push);
    expect(sub.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(out.at(-1)).toContain(sub.secret);
    const listed = await webhooksList({ database }, push);
    expect(listed.map((s) => s.id)).toEqual([sub.id]);
    expect(out.at(-1)).not.toContain(sub.secret);

    const test = await webhooksTest(sub.id, { database }, push);
    expect(test.ok).toBe(true);
    expect(JSON.parse(receiver.received[0]?.body ?? "{}")).toMatchObject({
      is_test: true,
      event: "content.status_updated",
    });

    expect(await deliverCommand({ once: true, database }, push)).toBe(1);
    expect(JSON.parse(receiver.received[1]?.body ?? "{}")).toMatchObject({ is_test: false });

    receiver.defaultStatus = 410;
    const failing = await webhooksTest(sub.id, { database }, push).catch((e: unknown) => e);
    expect(failing).toBeInstanceOf(CliError);
    expect(await webhooksDeliveries({ database, failed: true }, push)).toEqual([]);
    expect(await webhooksDeliveries({ database }, push)).toHaveLength(3);

    await webhooksRemove(sub.id, { database }, push);
    expect(await webhooksList({ database }, push)).toEqual([]);
    await expect(webhooksRemove(sub.id, { database }, push)).rejects.toMatchObject({ exitCode: 1 });
  });
});
