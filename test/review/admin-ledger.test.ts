/**
 * The delivery ledger through the admin route (src/cli/ledger-operations.ts), as the review desk
 * uses it, on a PostgreSQL database (each operation on a store of its own; the desk's test covers
 * a PGlite directory a running service holds): a claim, the recorded send making the review sent
 * by the desk's reviewer, and a later claim finding it sent, its time a Date again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviewListOp } from "../../src/cli/commands/review.js";
import { adminLedger } from "../../src/cli/ledger-operations.js";
import { deliveryOf } from "../../src/jobs/delivery-ledger.js";
import { openStore, type Store } from "../../src/service/store/db.js";
import { insertAcme } from "../service/analytics/_stats-fixture.js";
import { type FreshLocation, freshLocation, TEST_POSTGRES_URL } from "../store/_databases.js";

const PROJECT = "6f1c2a10-0000-4000-8000-0000000000d1";

describe.skipIf(TEST_POSTGRES_URL === undefined)(
  "the delivery ledger through the admin route [postgres]",
  () => {
    let fresh: FreshLocation;
    let store: Store;
    beforeAll(async () => {
      fresh = await freshLocation("postgres");
      store = await openStore(fresh.location);
      await insertAcme(store.db, {
        workspace: "6f1c2a10-0000-4000-8000-0000000000d0",
        project: PROJECT,
        owner: "6f1c2a10-0000-4000-8000-0000000000d2",
        name: "Agency",
        timezone: "UTC",
      });
    });
    afterAll(async () => {
      await store?.close();
      await fresh?.dispose();
    });

    it("claims, records the send with the review sent by the reviewer, and finds it sent after", async () => {
      const ledger = adminLedger(fresh.location, "lee");
      const delivery = deliveryOf({
        project: PROJECT,
        periodStart: "2025-06-01",
        periodEnd: "2025-06-30",
        to: ["cmo@client.test"],
        formats: ["pdf"],
        from: "Agency <reports@agency.test>",
      });
      expect(await ledger.claim(delivery, "desk-1", 60_000)).toEqual({
        outcome: "claimed",
        previous: "none",
      });
      expect(await ledger.renew(delivery.key, "desk-1", 60_000)).toBe(true);
      await ledger.sent(delivery.key, "desk-1", delivery.messageId, "2025-06");

      const [review] = await reviewListOp(store, { json: false }, { out: () => {}, err: () => {} });
      expect(review).toMatchObject({ projectId: PROJECT, period: "2025-06", state: "sent", by: "lee" });
      const again = await ledger.claim(delivery, "desk-2", 60_000);
      expect(again).toEqual({ outcome: "sent", messageId: delivery.messageId, sentAt: new Date(review!.at) });
    });
  },
);
