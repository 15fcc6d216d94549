/** The body and headers of one delivery attempt. */
import type { ClaimedDelivery } from "./deliveries.js";
import { DELIVERY_ID_HEADER, EVENT_HEADER, SIGNATURE_HEADER, sign } from "./signature.js";

/** JSON body `{event, timestamp, workspace_id, is_test, data}` and signed headers, as of `now`. */
export function buildRequest(
  delivery: ClaimedDelivery,
  now: Date = new Date(),
): { body: string; headers: Record<string, string> } {
  // timestamp is when this attempt is sent (spec: "time the event was sent"); data.updatedAt says when it happened.
  const body = JSON.stringify({
    event: delivery.event,
    timestamp: now.toISOString(),
    workspace_id: delivery.workspace_id,
    is_test: delivery.is_test,
    data: delivery.payload,
  });
  return {
    body,
    headers: {
      "content-type": "application/json",
      "user-agent": "vreport-webhooks/1",
      [SIGNATURE_HEADER]: sign(body, delivery.secret, Math.floor(now.getTime() / 1000)),
      [DELIVERY_ID_HEADER]: delivery.id,
      [EVENT_HEADER]: delivery.event,
    },
  };
}
