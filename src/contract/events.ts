import { z } from "zod";
import { AgentTaskStatus, EventContentStatus, IqStage, IqType, OpportunityRunStatus } from "./enums.js";
import { DateTime, Uuid } from "./resources/common.js";
import { CONTENT_PUBLICATION_FIELDS } from "./resources/content.js";

const NullableDateTime = DateTime.nullable();

/** content.status_updated payload. */
export const ContentStatusUpdated = z.object({
  id: Uuid,
  title: z.string(),
  buyer_stage: z.enum(["awareness", "consideration", "decision"]).nullable(),
  metadata: z.object({ keywords: z.array(z.string()), source: z.string() }).loose(),
  status: EventContentStatus,
  config: z.object({
    autowrite: z.boolean(),
    planned_for: z.string().nullable(),
    planned_time: z.string().nullable(),
  }),
  written_on: NullableDateTime,
  published_on: NullableDateTime,
  keywords: z.array(z.string()),
  source: z.string(),
  ...CONTENT_PUBLICATION_FIELDS,
});

/** opportunity_run.status_updated payload. */
export const OpportunityRunStatusUpdated = z.object({
  id: Uuid,
  agent: z.string(),
  status: OpportunityRunStatus,
  ideas_count: z.number().int(),
  error: z.string().nullable(),
  ran_at: NullableDateTime,
  completed: z.boolean(),
});

/** agent_task.status_updated payload. */
export const AgentTaskStatusUpdated = z.object({
  id: Uuid,
  agent_id: Uuid,
  agent: z.object({
    id: Uuid,
    name: z.string(),
    icon: z.string().nullable(),
    short_description: z.string().nullable(),
  }),
  name: z.string(),
  status: AgentTaskStatus,
  inputs: z.record(z.string(), z.unknown()),
  outputs: z.record(z.string(), z.unknown()).nullable(),
  usage: z.object({
    input_tokens: z.number().int(),
    output_tokens: z.number().int(),
    total_tokens: z.number().int(),
  }),
  execution_duration: z.number().int().nullable(),
  started_at: NullableDateTime,
  ended_at: NullableDateTime,
  created_at: DateTime,
});

/** iq.status_updated payload. */
export const IqStatusUpdated = z.object({
  id: Uuid,
  type: IqType,
  title: z.string(),
  description: z.string().nullable(),
  content: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  productId: z.string().nullable(),
  productUrls: z.array(z.string()).nullable(),
  voiceSampleUrls: z.array(z.string()).nullable(),
  contentSampleUrls: z.array(z.string()).nullable(),
  imagesUrls: z.array(z.string()).nullable(),
  isDefault: z.boolean(),
  stage: IqStage,
  createdAt: DateTime,
  updatedAt: DateTime,
});

/** Every event type with its payload schema. */
export const EVENT_PAYLOADS = {
  "content.status_updated": ContentStatusUpdated,
  "opportunity_run.status_updated": OpportunityRunStatusUpdated,
  "agent_task.status_updated": AgentTaskStatusUpdated,
  "iq.status_updated": IqStatusUpdated,
} as const;
export type EventType = keyof typeof EVENT_PAYLOADS;
export const EVENT_TYPES = Object.keys(EVENT_PAYLOADS) as EventType[];

function delivery<E extends EventType>(event: E) {
  return z.object({
    event: z.literal(event),
    timestamp: DateTime,
    workspace_id: Uuid,
    is_test: z.boolean(),
    data: EVENT_PAYLOADS[event],
  });
}

/** The delivery envelope of every webhook POST, discriminated on `event`. */
export const EventDelivery = z.discriminatedUnion("event", [
  delivery("content.status_updated"),
  delivery("opportunity_run.status_updated"),
  delivery("agent_task.status_updated"),
  delivery("iq.status_updated"),
]);
export type EventDelivery = z.infer<typeof EventDelivery>;

/** One entry of the event catalog. */
export const EventCatalogEntry = z.object({
  event: z.string(),
  label: z.string(),
  description: z.string(),
  group: z.string(),
});
export const EventCatalog = z.array(EventCatalogEntry);

/** The catalog GET /api/workspace/{id}/webhooks/events lists (it omits iq.status_updated, per spec). */
export const EVENT_CATALOG: z.infer<typeof EventCatalog> = [
  {
    event: "content.status_updated",
    label: "Content status updated",
    description: "An article's status changes.",
    group: "content",
  },
  {
    event: "opportunity_run.status_updated",
    label: "Opportunity run status updated",
    description: "An opportunity agent run completes or fails.",
    group: "opportunity_run",
  },
  {
    event: "agent_task.status_updated",
    label: "Agent task status updated",
    description: "An AI agent task changes state (QUEUED, RUNNING, SUCCEEDED, FAILED).",
    group: "agent_task",
  },
];
