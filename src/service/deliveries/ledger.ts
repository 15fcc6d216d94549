/**
 * The delivery ledger over the service's database (migration 010, docs/jobs.md "Exactly-once
 * email"). Leases are computed on the database's clock, so workers on machines whose clocks
 * disagree still agree on when a claim has expired. The CLI hands this to the job processor,
 * which knows it only by the shape of `jobs/delivery-ledger.ts`.
 */
import { type Kysely, sql } from "kysely";
import type { Delivery, DeliveryClaim } from "../../contract/delivery.js";
import { InvariantError } from "../../contract/index.js";

interface Found {
  state: "sending" | "sent" | "failed";
  owner: string;
  lease_until: Date;
  message_id: string;
  sent_at: Date | null;
  expired: boolean;
}

/** The lease's end as SQL: now() on the database plus `ms`. */
const leaseEnd = (ms: number) => sql`now() + ${Math.max(1, Math.round(ms))} * interval '1 millisecond'`;

/**
 * The ledger's operations on a store's database. `by` is who a recorded send names as having
 * sent the report, in its review (docs/review.md): "worker", or the desk's reviewer.
 */
// biome-ignore lint/suspicious/noExplicitAny: the ledger's table is its own (migration 010), not in schema.ts
export function deliveryLedger(db: Kysely<any>, by = "worker") {
  return {
    async claim(d: Delivery, owner: string, leaseMs: number): Promise<DeliveryClaim> {
      return db.transaction().execute(async (trx) => {
        const inserted = await sql`INSERT INTO report_deliveries
            (delivery_key, project_id, period_start, period_end, recipients, formats, state, owner,
             lease_until, message_id)
          VALUES (${d.key}, ${d.project}, ${d.periodStart}, ${d.periodEnd}, ${d.recipients},
            ${d.formats}, 'sending', ${owner}, ${leaseEnd(leaseMs)}, ${d.messageId})
          ON CONFLICT (delivery_key) DO NOTHING RETURNING delivery_key`.execute(trx);
        if (inserted.rows.length > 0) return { outcome: "claimed", previous: "none" } as const;
        // The row exists: read it locked, so two claims of an expired or failed one take turns.
        const found = (
          await sql<Found>`SELECT state, owner, lease_until, message_id, sent_at, lease_until < now() AS expired
            FROM report_deliveries WHERE delivery_key = ${d.key} FOR UPDATE`.execute(trx)
        ).rows[0];
        // The INSERT just met this row, and nothing deletes ledger rows (migration 010).
        if (!found) throw new InvariantError(`delivery ${d.key} vanished while being claimed`);
        if (found.state === "sent")
          return { outcome: "sent", messageId: found.message_id, sentAt: found.sent_at ?? found.lease_until };
        if (found.state === "sending" && !found.expired)
          return { outcome: "busy", owner: found.owner, leaseUntil: found.lease_until };
        await sql`UPDATE report_deliveries SET state = 'sending', owner = ${owner},
            lease_until = ${leaseEnd(leaseMs)}, claims = claims + 1, error = NULL, updated_at = now()
          WHERE delivery_key = ${d.key}`.execute(trx);
        return { outcome: "claimed", previous: found.state } as const;
      });
    },

    async renew(key: string, owner: string, leaseMs: number): Promise<boolean> {
      const r = await sql`UPDATE report_deliveries SET lease_until = ${leaseEnd(leaseMs)}, updated_at = now()
        WHERE delivery_key = ${key} AND owner = ${owner} AND state = 'sending'`.execute(db);
      return Number(r.numAffectedRows ?? 0) > 0;
    },

    /**
     * Unconditional: SMTP accepted the message, whoever holds the claim now. With the report's
     * period (its file-name label), its review becomes `sent` in the same transaction, so the
     * ledger and the review never disagree (docs/review.md): from any state, since the email is
     * out whatever was decided meanwhile. A ledger whose database does not hold the project (a
     * worker's beside a remote service, migration 010) records no review.
     */
    async sent(key: string, owner: string, messageId: string, period?: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await sql`UPDATE report_deliveries SET state = 'sent', owner = ${owner}, message_id = ${messageId},
            sent_at = now(), updated_at = now(), error = NULL
          WHERE delivery_key = ${key}`.execute(trx);
        if (period === undefined) return;
        await sql`INSERT INTO report_reviews AS r (project_id, period, state, changed_by, reason)
            SELECT p.id, ${period}, 'sent', ${by}, NULL
            FROM report_deliveries d JOIN projects p ON p.id::text = d.project_id
            WHERE d.delivery_key = ${key}
          ON CONFLICT (project_id, period) DO UPDATE
            SET state = 'sent', changed_by = excluded.changed_by, changed_at = now(), reason = NULL
            WHERE r.state <> 'sent'`.execute(trx);
      });
    },

    async failed(key: string, owner: string, error: string): Promise<void> {
      await sql`UPDATE report_deliveries SET state = 'failed', error = ${error.slice(0, 2000)}, updated_at = now()
        WHERE delivery_key = ${key} AND owner = ${owner} AND state = 'sending'`.execute(db);
    },
  };
}

/** A ledger as `deliveryLedger` builds it. */
export type DeliveryLedgerStore = ReturnType<typeof deliveryLedger>;
