/**
 * Writers of the records behind webhook events. A status change (a new row counts) queues the event
 * in the outbox inside the same transaction as the row, so both commit or neither does.
 */
import type { Selectable } from "kysely";
import type { z } from "zod";
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
import { type UpsertResult, upsertById } from "./_upsert.js";

/** Whether the upsert changed `column` (a new row always does). */
function statusChanged(result: UpsertResult, column: string): boolean {
  if (result.outcome === "unchanged") return false;
  return result.before === undefined || result.before[column] !== result.after[column];
}

/** Upserts a content item; emits content.status_updated when its status changed. */
export async function writeContentItem(
  ctx: WriteContext,
  d: z.output<typeof ContentItemRecord>,
): Promise<WriteOutcome> {
  const { createdAt, updatedAt, ...rest } = d;
  const result = await upsertById(
    ctx.trx,
    "content_items",
    { ...rest, created_at: createdAt, updated_at: updatedAt },
    { touch: true },
  );
  if (!statusChanged(result, "status")) return { changed: result.outcome !== "unchanged", events: 0 };
  const payload = contentPayload(result.after as Selectable<ContentItemsTable>);
  await enqueueEvent(ctx.trx, "content.status_updated", ctx.resolved.workspaceId as string, payload);
  return { changed: true, events: 1 };
}

/** Upserts an opportunity run; emits opportunity_run.status_updated when its status changed. */
export async function writeOpportunityRun(
  ctx: WriteContext,
  d: z.output<typeof OpportunityRunRecord>,
): Promise<WriteOutcome> {
  const completed = d.completed ?? (d.status === "COMPLETED" || d.status === "FAILED");
  const result = await upsertById(ctx.trx, "opportunity_runs", { ...d, completed }, { touch: true });
  if (!statusChanged(result, "status")) return { changed: result.outcome !== "unchanged", events: 0 };
  const payload = opportunityRunPayload(result.after as Selectable<OpportunityRunsTable>);
  await enqueueEvent(ctx.trx, "opportunity_run.status_updated", ctx.resolved.workspaceId as string, payload);
  return { changed: true, events: 1 };
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
  const result = await upsertById(
    ctx.trx,
    "agent_tasks",
    { ...d, agent: { id: d.agent_id, ...d.agent }, usage },
    { touch: true },
  );
  if (!statusChanged(result, "status")) return { changed: result.outcome !== "unchanged", events: 0 };
  const payload = agentTaskPayload(result.after as Selectable<AgentTasksTable>);
  await enqueueEvent(ctx.trx, "agent_task.status_updated", d.workspace_id, payload);
  return { changed: true, events: 1 };
}

/** Upserts an IQ record; emits iq.status_updated when its stage changed. */
export async function writeIqRecord(ctx: WriteContext, d: z.output<typeof IqRecord>): Promise<WriteOutcome> {
  const result = await upsertById(
    ctx.trx,
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
    { touch: true },
  );
  if (!statusChanged(result, "stage")) return { changed: result.outcome !== "unchanged", events: 0 };
  const payload = iqPayload(result.after as Selectable<IqRecordsTable>);
  await enqueueEvent(ctx.trx, "iq.status_updated", d.workspace_id, payload);
  return { changed: true, events: 1 };
}
