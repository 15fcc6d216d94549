/**
 * Fan-out: each outbox event becomes one delivery per matching, enabled subscription of its
 * workspace. Creating the deliveries and marking the event (`delivered_at`, "fanned out") happen in
 * one transaction, so an event is fanned out exactly once and never lost.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../store/schema.js";

/** Fans out up to `limit` pending outbox events; returns how many events it handled. */
export async function fanOut(db: Kysely<Database>, limit = 200): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // SKIP LOCKED: several replicas on one PostgreSQL server split the backlog instead of waiting.
    const events = await sql<{ id: string }>`
      SELECT id FROM event_outbox WHERE delivered_at IS NULL
      ORDER BY created_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED`.execute(trx);
    const ids = events.rows.map((r) => r.id);
    if (ids.length === 0) return 0;
    await sql`
      INSERT INTO webhook_deliveries (subscription_id, outbox_id, event, created_at)
      SELECT s.id, o.id, o.event, o.created_at
      FROM event_outbox o
      JOIN webhook_subscriptions s
        ON s.workspace_id = o.workspace_id AND o.event = ANY (s.events) AND NOT s.disabled
      WHERE o.id IN (${sql.join(ids)})
      ON CONFLICT (outbox_id, subscription_id) DO NOTHING`.execute(trx);
    await trx.updateTable("event_outbox").set({ delivered_at: new Date() }).where("id", "in", ids).execute();
    return ids.length;
  });
}
