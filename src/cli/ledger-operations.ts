/**
 * The delivery ledger through the admin route (docs/jobs.md, "Exactly-once email"): its claim,
 * renewal and outcomes as store operations, so a process that does not own the database (the
 * review desk of `serve --desk`) sends through the same ledger as the workers, whether the
 * service holds a PGlite directory (its admin channel runs them) or the database is PostgreSQL
 * (they run on a store of their own, as every write command does; on-store.ts).
 */
import { z } from "zod";
import type { DeliveryClaim } from "../contract/delivery.js";
import type { DeliveryLedger } from "../jobs/delivery-ledger.js";
import { deliveryLedger } from "../service/deliveries/index.js";
import { runOnStore, type StoreOperation, validated } from "./on-store.js";

const Text = z.string().trim().min(1, "must not be empty");
const Lease = z.number().int().positive();

/** `deliveries.claim`: a delivery as `deliveryOf` builds it, for an owner, for a lease. */
export const ClaimInput = z
  .object({
    delivery: z
      .object({
        key: Text,
        project: Text,
        periodStart: z.iso.date(),
        periodEnd: z.iso.date(),
        recipients: z.array(Text).min(1),
        formats: z.array(Text).min(1),
        messageId: Text,
      })
      .strict(),
    owner: Text,
    leaseMs: Lease,
  })
  .strict();
type ClaimInput = z.infer<typeof ClaimInput>;

export const RenewInput = z.object({ key: Text, owner: Text, leaseMs: Lease }).strict();
type RenewInput = z.infer<typeof RenewInput>;

/** `deliveries.sent`: the report's period label and who sent it, for its review. */
export const SentInput = z
  .object({ key: Text, owner: Text, messageId: Text, period: Text, by: Text })
  .strict();
type SentInput = z.infer<typeof SentInput>;

export const FailedInput = z.object({ key: Text, owner: Text, error: z.string() }).strict();
type FailedInput = z.infer<typeof FailedInput>;

const deliveriesClaimOp = validated<ClaimInput, DeliveryClaim>(ClaimInput, (store, i) =>
  deliveryLedger(store.db).claim(i.delivery, i.owner, i.leaseMs),
);
const deliveriesRenewOp = validated<RenewInput, boolean>(RenewInput, (store, i) =>
  deliveryLedger(store.db).renew(i.key, i.owner, i.leaseMs),
);
const deliveriesSentOp = validated<SentInput, null>(SentInput, async (store, i) => {
  await deliveryLedger(store.db, i.by).sent(i.key, i.owner, i.messageId, i.period);
  return null;
});
const deliveriesFailedOp = validated<FailedInput, null>(FailedInput, async (store, i) => {
  await deliveryLedger(store.db).failed(i.key, i.owner, i.error);
  return null;
});

/** By admin name, for the admin channel (admin-operations.ts). */
export const LEDGER_OPERATIONS: Record<string, StoreOperation<never, unknown>> = {
  "deliveries.claim": deliveriesClaimOp,
  "deliveries.renew": deliveriesRenewOp,
  "deliveries.sent": deliveriesSentOp,
  "deliveries.failed": deliveriesFailedOp,
};

const quiet = { out: () => {}, err: () => {} };

/** A claim's dates, which the admin channel carries as JSON strings. */
function revived(claim: DeliveryClaim): DeliveryClaim {
  if (claim.outcome === "sent") return { ...claim, sentAt: new Date(claim.sentAt) };
  if (claim.outcome === "busy") return { ...claim, leaseUntil: new Date(claim.leaseUntil) };
  return claim;
}

/**
 * The ledger of `database` through the admin route; a send it records names `by` in the
 * report's review.
 */
export function adminLedger(database: string, by: string): DeliveryLedger {
  return {
    claim: async (delivery, owner, leaseMs) =>
      revived(
        await runOnStore(
          database,
          "deliveries.claim",
          deliveriesClaimOp,
          { delivery, owner, leaseMs },
          quiet,
        ),
      ),
    renew: (key, owner, leaseMs) =>
      runOnStore(database, "deliveries.renew", deliveriesRenewOp, { key, owner, leaseMs }, quiet),
    sent: async (key, owner, messageId, period) => {
      await runOnStore(
        database,
        "deliveries.sent",
        deliveriesSentOp,
        { key, owner, messageId, period, by },
        quiet,
      );
    },
    failed: async (key, owner, error) => {
      await runOnStore(database, "deliveries.failed", deliveriesFailedOp, { key, owner, error }, quiet);
    },
  };
}
