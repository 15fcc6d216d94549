/**
 * Writers of the records behind webhook events. A status change (a new row counts) queues the event
 * in the outbox inside the same transaction as the row, so both commit or neither does.
 */
import type { Selectable } from "kysely";
import type { z } from "zod";
import type { EventType } from "../../../contract/index.js";
import type {
  AgentTasksTable,
  ContentItemsTable,
  IqRecordsTable,
  OpportunityRunsTable,
} from "../../store/schema.js";
import { enqueueEvent } from "../../webhooks/enqueue-event.js";
import { agentTaskPayload, contentPayload, iqPayload, opportunityRunPayload } from "../event-payloads.js";
import type {
  AgentTaskRecord,
  ContentItemRecord,
  IqRecord,
  OpportunityRunRecord,
} from "../schemas/agents.js";
import type { WriteContext, WriteOutcome } from "./_context.js";
import { type Row, type UpsertResult, upsertById } from "./_upsert.js";

/** Whether the upsert changed `column` (a new row always does). */
function statusChanged(result: UpsertResult, column: string): boolean {
  if (result.outcome === "unchanged") return false;
  return result.before === undefined || result.before[column] !== result.after[column];
}

/** What makes an event of a table: the column whose change fires it, and its payload builder. */
interface Watch<T> {
  column: keyof T & string;
  event: EventType;
  payload: (after: Selectable<T>) => unknown;
}

/** The tables behind webhook events, one row each (the spec's Events table). */
const WATCHES: {
  content_items: Watch<ContentItemsTable>;
  opportunity_runs: Watch<OpportunityRunsTable>;
  agent_tasks: Watch<AgentTasksTable>;
  iq_records: Watch<IqRecordsTable>;
} = {
  content_items: { column: "status", event: "content.status_updated", payload: contentPayload },
  opportunity_runs: {
    column: "status",
    event: "opportunity_run.status_updated",
    payload: opportunityRunPayload,
  },
  agent_tasks: { column: "status", event: "agent_task.status_updated", payload: agentTaskPayload },
  iq_records: { column: "stage", event: "iq.status_updated", payload: iqPayload },
};

/** Upserts `row` (touching updated_at); queues the table's event when its watched column changed. */
async function upsertWatched(
  ctx: WriteContext,
  table: keyof typeof WATCHES,
  row: Row,
  workspaceId: string,
): Promise<WriteOutcome> {
  const watch = WATCHES[table];
  const result = await upsertById(ctx.trx, table, row, { touch: true });
  if (!statusChanged(result, watch.column)) return { changed: result.outcome !== "unchanged", events: 0 };
  // The stored row has the table's columns: `after` is that table's Selectable.
  await enqueueEvent(ctx.trx, watch.event, workspaceId, watch.payload(result.after as never));
  return { changed: true, events: 1 };
}

/** Upserts a content item; emits content.status_updated when its status changed. */
export async function writeContentItem(
  ctx: WriteContext,
  d: z.output<typeof ContentItemRecord>,
): Promise<WriteOutcome> {
  const { createdAt, updatedAt, ...rest } = d;
  return upsertWatched(
    ctx,
    "content_items",
    { ...rest, created_at: createdAt, updated_at: updatedAt },
    ctx.resolved.workspaceId as string,
  );
}

/** Upserts an opportunity run; emits opportunity_run.status_updated when its status changed. */
export async function writeOpportunityRun(
  ctx: WriteContext,
  d: z.output<typeof OpportunityRunRecord>,
): Promise<WriteOutcome> {
  const completed = d.completed ?? (d.status === "COMPLETED" || d.status === "FAILED");
  return upsertWatched(ctx, "opportunity_runs", { ...d, completed }, ctx.resolved.workspaceId as string);
}

/** Upserts an agent task; emits agent_task.status_updated when its status changed. */
export async function writeAgentTask(
  ctx: WriteContext,
  d: z.output<typeof AgentTaskRecord>,
): Promise<WriteOutcome> {
  const usage = {
    input_tokens: d.usage.input_tokens,
    output_tokens: d.usage.output_tokens,
    total_tokens: d.usage.total_tokens ?? d.usage.input_tokens + d.usage.output_tokens,
  };
  return upsertWatched(
    ctx,
    "agent_tasks",
    { ...d, agent: { id: d.agent_id, ...d.agent }, usage },
    d.workspace_id,
  );
}

/** Upserts an IQ record; emits iq.status_updated when its stage changed. */
export async function writeIqRecord(ctx: WriteContext, d: z.output<typeof IqRecord>): Promise<WriteOutcome> {
  return upsertWatched(
    ctx,
    "iq_records",
    {
      id: d.id,
      workspace_id: d.workspace_id,
      type: d.type,
      title: d.title,
      description: d.description,
      content: d.content,
      metadata: d.metadata,
      product_id: d.productId,
      product_urls: d.productUrls,
      voice_sample_urls: d.voiceSampleUrls,
      content_sample_urls: d.contentSampleUrls,
      images_urls: d.imagesUrls,
      is_default: d.isDefault,
      stage: d.stage,
      created_at: d.createdAt,
      updated_at: d.updatedAt,
    },
    d.workspace_id,
  );
}
