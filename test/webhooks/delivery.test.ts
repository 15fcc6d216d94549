import { isDeepStrictEqual } from "node:util";
import { afterEach, beforeEach, expect, it } from "vitest";
import { EventDelivery } from "../../src/contract/index.js";
import { ingestFile } from "../../src/service/ingest/index.js";
import type { Store } from "../../src/service/store/db.js";
import {
  addSubscription,
  createDispatcher,
  type DispatcherOptions,
  listDeliveries,
  type Subscription,
  sendTest,
  verifySignature,
} from "../../src/service/webhooks/index.js";
import { agentRecords, baseRecords, contentItem, ndjson } from "../ingest/_records.js";
import { describeDatabases, openTestStore } from "../store/_databases.js";
import { Receiver } from "./_receiver.js";

const ALL = [
  "content.status_updated",
  "opportunity_run.status_updated",
  "agent_task.status_updated",
  "iq.status_updated",
];
/** Fast retries so a test sees several attempts in well under a second. */
const FAST: DispatcherOptions = {
  baseDelayMs: 20,
  maxDelayMs: 100,
  maxAttempts: 100,
  timeoutMs: 2000,
  onError: () => {},
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs passes until nothing is pending (or the deadline passes). */
async function drain(store: Store, options: DispatcherOptions, deadlineMs = 20_000): Promise<void> {
  const dispatcher = createDispatcher(store, options);
  const end = Date.now() + deadlineMs;
  while (Date.now() < end) {
    await dispatcher.runOnce();
    const pending = (await listDeliveries(store.db, { limit: 1000 })).filter((d) => d.status === "pending");
    if (pending.length === 0) return;
    await sleep(25);
  }
  throw new Error("deliveries still pending at the deadline");
}

describeDatabases("webhook delivery", (kind) => {
  let store: Store;
  let receiver: Receiver;
  let sub: Subscription;
  beforeEach(async () => {
    store = await openTestStore(kind);
    receiver = new Receiver();
    await receiver.up();
    await ingestFile(store, ndjson(baseRecords()));
    sub = await addSubscription(store.db, { url: receiver.url, events: ALL });
  });
  afterEach(async () => {
    await receiver.down();
    await store.close();
  });

  /** What arrived, checked: signature, envelope schema; one entry per accepted request. */
  function arrived() {
    return receiver.accepted.map((r) => {
      expect(verifySignature(r.body, r.headers["x-signature"] as string, sub.secret).ok).toBe(true);
      return { id: r.headers["x-delivery-id"] as string, body: EventDelivery.parse(JSON.parse(r.body)) };
    });
  }

  it("delivers every event at least once through an outage, signed, with is_test only on test sends", async () => {
    await receiver.down();
    await ingestFile(
      store,
      ndjson([
        contentItem(1, "NEW"),
        contentItem(2, "GENERATING"),
        ...agentRecords("RUNNING", "QUEUED", "PROCESSING"),
      ]),
    );
    const dispatcher = createDispatcher(store, FAST);
    expect(await dispatcher.runOnce()).toBe(5); // all refused
    const failed = await listDeliveries(store.db);
    expect(failed.every((d) => d.status === "pending" && d.attempts === 1 && d.last_error !== null)).toBe(
      true,
    );

    // More changes while the receiver is still down.
    await ingestFile(
      store,
      ndjson([
        contentItem(1, "GENERATING"),
        contentItem(2, "GENERATED"),
        ...agentRecords("COMPLETED", "SUCCEEDED", "READY"),
      ]),
    );
    await sleep(150);
    await dispatcher.runOnce();

    // Back up, but answering 503 to the first requests.
    await receiver.up();
    receiver.statuses = [503, 503, 500];
    await drain(store, FAST);
    const test = await sendTest(store, sub.id, { event: "iq.status_updated" });
    expect(test).toMatchObject({ ok: true, status: "delivered", httpStatus: 200 });

    const outbox = await store.db
      .selectFrom("event_outbox")
      .selectAll()
      .where("is_test", "=", false)
      .execute();
    expect(outbox).toHaveLength(10);
    const got = arrived();
    for (const event of outbox) {
      const match = got.find(
        (g) =>
          !g.body.is_test && g.body.event === event.event && isDeepStrictEqual(g.body.data, event.payload),
      );
      expect(match, `${event.event} ${JSON.stringify(event.payload)}`).toBeDefined();
      expect(match?.body.workspace_id).toBe(event.workspace_id);
    }
    expect(got.filter((g) => g.body.is_test).map((g) => g.id)).toEqual([test.deliveryId]);
    expect(got.find((g) => g.id === test.deliveryId)?.body.event).toBe("iq.status_updated");
    const statuses = (await listDeliveries(store.db)).map((d) => d.status);
    expect(statuses).toHaveLength(11);
    expect(new Set(statuses)).toEqual(new Set(["delivered"]));
  });

  it("a dispatcher that dies between sending and recording sends again after its lease: never lost", async () => {
    await ingestFile(store, ndjson([contentItem(1, "NEW"), contentItem(2, "NEW"), contentItem(3, "NEW")]));
    let crashes = 2;
    const crashing = createDispatcher(store, {
      ...FAST,
      leaseMs: 300,
      concurrency: 1,
      afterSend: () => {
        if (crashes-- > 0) throw new Error("SIGKILL");
      },
    });
    expect(await crashing.runOnce()).toBe(3);
    expect(receiver.accepted).toHaveLength(3);
    let rows = await listDeliveries(store.db);
    expect(rows.filter((d) => d.status === "pending")).toHaveLength(2);

    // A new dispatcher (the restarted process) finds them once the lease has run out.
    const restarted = createDispatcher(store, FAST);
    expect(await restarted.runOnce()).toBe(0);
    await sleep(400);
    expect(await restarted.runOnce()).toBe(2);
    rows = await listDeliveries(store.db);
    expect(rows.every((d) => d.status === "delivered")).toBe(true);
    const ids = arrived().map((g) => g.id);
    expect(ids).toHaveLength(5);
    expect(new Set(ids)).toEqual(new Set(rows.map((d) => d.id)));
  });

  it("stop() waits for the delivery in flight, which is recorded", async () => {
    receiver.delayMs = 300;
    await ingestFile(store, ndjson([contentItem(1, "NEW")]));
    const dispatcher = createDispatcher(store, { ...FAST, intervalMs: 10 });
    dispatcher.start();
    while (receiver.received.length === 0) await sleep(10);
    await dispatcher.stop();
    expect((await listDeliveries(store.db)).map((d) => d.status)).toEqual(["delivered"]);
  });

  it("dead-letters after the attempt budget; disabled or non-matching subscriptions get nothing", async () => {
    receiver.defaultStatus = 500;
    const other = await addSubscription(store.db, { url: receiver.url, events: ["iq.status_updated"] });
    await ingestFile(store, ndjson([contentItem(1, "NEW")]));
    const dispatcher = createDispatcher(store, { ...FAST, maxAttempts: 3 });
    for (let i = 0; i < 3; i++) {
      await dispatcher.runOnce();
      await sleep(120);
    }
    const failed = await listDeliveries(store.db, { failed: true });
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      status: "failed",
      attempts: 3,
      last_status: 500,
      last_error: "HTTP 500",
    });
    expect(failed[0]?.subscription_id).toBe(sub.id);
    expect((await listDeliveries(store.db)).some((d) => d.subscription_id === other.id)).toBe(false);
    expect(receiver.received).toHaveLength(3);
  });
});

describeDatabases("webhook delivery: several dispatchers", (kind) => {
  it("two dispatchers on one database split the work; each delivery is sent once", async () => {
    const store = await openTestStore(kind);
    const receiver = new Receiver();
    await receiver.up();
    try {
      await ingestFile(
        store,
        ndjson([...baseRecords(), ...Array.from({ length: 12 }, (_, i) => contentItem(i + 1, "NEW"))]),
      );
      await addSubscription(store.db, { url: receiver.url, events: ["content.status_updated"] });
      const a = createDispatcher(store, { ...FAST, batchSize: 4 });
      const b = createDispatcher(store, { ...FAST, batchSize: 4 });
      let total = 0;
      for (let i = 0; i < 3; i++)
        total += (await Promise.all([a.runOnce(), b.runOnce()])).reduce((x, y) => x + y, 0);
      expect(total).toBe(12);
      const ids = receiver.received.map((r) => r.headers["x-delivery-id"]);
      expect(new Set(ids).size).toBe(12);
      expect(ids).toHaveLength(12);
    } finally {
      await receiver.down();
      await store.close();
    }
  });
});
