/**
 * Content statuses: REST (and the store) speak NEW/PLANNED/GENERATING/GENERATED/PUBLISHED/FAILED,
 * events speak DRAFT/PROCESSING/GENERATED/PUBLISHED/FAILED (spec States). An idea (NEW) or a
 * planned item (PLANNED, a NEW item with config.planned_for) is a DRAFT; GENERATING is PROCESSING.
 */
import type { z } from "zod";
import type { ContentStatus, EventContentStatus } from "../../contract/index.js";

type RestStatus = z.infer<typeof ContentStatus>;
type EventStatus = z.infer<typeof EventContentStatus>;

/** REST/stored content status → event status. */
export const CONTENT_STATUS_TO_EVENT: Readonly<Record<RestStatus, EventStatus>> = {
  NEW: "DRAFT",
  PLANNED: "DRAFT",
  GENERATING: "PROCESSING",
  GENERATED: "GENERATED",
  PUBLISHED: "PUBLISHED",
  FAILED: "FAILED",
};

/** The event status of a stored or REST content status. */
export function eventContentStatus(status: RestStatus): EventStatus {
  return CONTENT_STATUS_TO_EVENT[status];
}
