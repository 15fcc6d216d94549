/** Writes events into `event_outbox`: always with the caller's transaction, so event and change commit together. */
import type { Kysely } from "kysely";
import { EVENT_PAYLOADS, type EventType } from "../../contract/index.js";
import type { Database } from "../store/schema.js";

/** Validates `payload` against the event's contract schema and inserts it; returns the outbox id. */
export async function enqueueEvent(
  trx: Kysely<Database>,
  event: EventType,
  workspaceId: string,
  payload: unknown,
  options: { isTest?: boolean; fannedOut?: boolean } = {},
): Promise<string> {
  const data = EVENT_PAYLOADS[event].parse(payload) as Record<string, unknown>;
  const row = await trx
    .insertInto("event_outbox")
    .values({
      workspace_id: workspaceId,
      event,
      payload: data,
      is_test: options.isTest ?? false,
      // A test event goes to one subscription only: it is born fanned out.
      ...(options.fannedOut ? { delivered_at: new Date() } : {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
