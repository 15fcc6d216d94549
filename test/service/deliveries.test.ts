/**
 * The delivery ledger's claims on both databases (docs/jobs.md, "Exactly-once email"): who may send,
 * who must wait, and what a later attempt finds. Leases run on the database's clock; the tests
 * make one expire by giving it 1 ms and waiting until the database says it has passed.
 */
import { sql } from "kysely";
import { afterEach, beforeEach, expect, it } from "vitest";
import { deliveryOf } from "../../src/jobs/delivery-ledger.js";
import { deliveryLedger } from "../../src/service/deliveries/index.js";
import type { Store } from "../../src/service/store/db.js";
import { describeDatabases, openTestStore } from "../store/_databases.js";

const delivery = deliveryOf({
  project: "795ac8fe-e369-565d-9b2a-c803a055c1c3",
  periodStart: "2026-10-01",
  periodEnd: "2026-10-31",
  to: ["CEO@client.example", "cmo@client.example"],
  cc: ["ceo@client.example"],
  formats: ["pdf", "md", "pdf"],
  from: "Agency <reports@agency.example>",
});

it("one key and Message-ID per delivery: addresses and formats in any order or case are the same email", () => {
  expect(delivery.recipients).toEqual(["ceo@client.example", "cmo@client.example"]);
  expect(delivery.formats).toEqual(["md", "pdf"]);
  expect(delivery.messageId).toBe(`<report-${delivery.key}@agency.example>`);
  const same = deliveryOf({
    project: delivery.project,
    periodStart: "2026-10-01",
    periodEnd: "2026-10-31",
    to: ["cmo@client.example", "ceo@client.example"],
    formats: ["md", "pdf"],
    from: "reports@agency.example",
  });
  expect(same.key).toBe(delivery.key);
  const otherMonth = deliveryOf({
    project: delivery.project,
    from: "reports@agency.example",
    formats: same.formats,
    to: same.recipients,
    periodStart: "2026-09-01",
    periodEnd: "2026-09-30",
  });
  expect(otherMonth.key).not.toBe(delivery.key);
});

describeDatabases("delivery ledger", (kind) => {
  let store: Store;
  beforeEach(async () => {
    store = await openTestStore(kind);
  });
  afterEach(async () => {
    await store.close();
  });

  /** Waits until the database's clock has passed the delivery's lease. */
  async function leaseExpires(): Promise<void> {
    for (;;) {
      const r = await sql<{ expired: boolean }>`SELECT lease_until < now() AS expired
        FROM report_deliveries WHERE delivery_key = ${delivery.key}`.execute(store.db);
      if (r.rows[0]?.expired) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** The delivery's row: its state, owner and how many claims it has had. */
  const row = async () =>
    (
      await sql<{ state: string; owner: string; claims: number }>`SELECT state, owner, claims
        FROM report_deliveries WHERE delivery_key = ${delivery.key}`.execute(store.db)
    ).rows;

  it("claims once; a live claim is busy to others; a sent delivery is sent to every later claim", async () => {
    const ledger = deliveryLedger(store.db);
    expect(await ledger.claim(delivery, "a", 60_000)).toEqual({ outcome: "claimed", previous: "none" });
    const busy = await ledger.claim(delivery, "b", 60_000);
    expect(busy).toMatchObject({ outcome: "busy", owner: "a" });
    expect(await ledger.renew(delivery.key, "b", 60_000)).toBe(false);
    expect(await ledger.renew(delivery.key, "a", 60_000)).toBe(true);
    await ledger.sent(delivery.key, "a", delivery.messageId);
    expect(await row()).toEqual([{ state: "sent", owner: "a", claims: 1 }]);
    expect(await ledger.claim(delivery, "b", 60_000)).toMatchObject({
      outcome: "sent",
      messageId: delivery.messageId,
    });
    // Failing a sent delivery (a stale attempt) changes nothing.
    await ledger.failed(delivery.key, "a", "late");
    expect(await ledger.claim(delivery, "c", 1)).toMatchObject({ outcome: "sent" });
  });

  it("a refused send may be claimed again at once; an expired claim is taken over as 'sending'", async () => {
    const ledger = deliveryLedger(store.db);
    await ledger.claim(delivery, "a", 60_000);
    await ledger.failed(delivery.key, "a", "451 try again later");
    expect(await ledger.claim(delivery, "b", 1)).toEqual({ outcome: "claimed", previous: "failed" });
    await leaseExpires();
    expect(await ledger.claim(delivery, "c", 60_000)).toEqual({ outcome: "claimed", previous: "sending" });
    // The dead owner's late renewal no longer holds the claim.
    expect(await ledger.renew(delivery.key, "b", 60_000)).toBe(false);
    expect(await row()).toEqual([{ state: "sending", owner: "c", claims: 3 }]);
  });
});
