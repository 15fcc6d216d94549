/** Event payloads (spec Events table) built from stored rows, validated by the contract's schemas. */

import type { Selectable } from "kysely";
import type { z } from "zod";
import {
  AgentTaskStatusUpdated,
  ContentStatusUpdated,
  IqStatusUpdated,
  OpportunityRunStatusUpdated,
} from "../../contract/index.js";
import { iso, isoOrNull } from "../_iso.js";
import { publicationFields } from "../content/publication.js";
import type {
  AgentTasksTable,
  ContentItemsTable,
  IqRecordsTable,
  OpportunityRunsTable,
} from "../store/schema.js";
import { eventContentStatus } from "./content-status.js";

/** content.status_updated data; `written_on` (a date) is sent as midnight UTC of that day. */
export function contentPayload(row: Selectable<ContentItemsTable>): z.infer<typeof ContentStatusUpdated> {
  const stage = row.buyer_stage;
  return ContentStatusUpdated.parse({
    id: row.id,
    title: row.title,
    // Events only know the three funnel stages: BALANCED ideas have none.
    buyer_stage: stage === null || stage === "BALANCED" ? null : stage.toLowerCase(),
    metadata: { ...row.metadata, keywords: row.keywords, source: row.source },
    status: eventContentStatus(row.status),
    config: {
      autowrite: row.config.autowrite ?? false,
      planned_for: row.config.planned_for ?? null,
      planned_time: row.config.planned_time ?? null,
    },
    written_on: row.written_on === null ? null : `${row.written_on}T00:00:00.000Z`,
    published_on: isoOrNull(row.published_on),
    keywords: row.keywords,
    source: row.source,
    ...publicationFields(row),
  });
}

/** opportunity_run.status_updated data. */
export function opportunityRunPayload(
  row: Selectable<OpportunityRunsTable>,
): z.infer<typeof OpportunityRunStatusUpdated> {
  return OpportunityRunStatusUpdated.parse({
    id: row.id,
    agent: row.agent,
    status: row.status,
    ideas_count: row.ideas_count,
    error: row.error,
    ran_at: isoOrNull(row.ran_at),
    completed: row.completed,
  });
}

/** agent_task.status_updated data. */
export function agentTaskPayload(row: Selectable<AgentTasksTable>): z.infer<typeof AgentTaskStatusUpdated> {
  return AgentTaskStatusUpdated.parse({
    id: row.id,
    agent_id: row.agent_id,
    agent: {
      id: row.agent.id ?? row.agent_id,
      name: row.agent.name,
      icon: row.agent.icon ?? null,
      short_description: row.agent.short_description ?? null,
    },
    name: row.name,
    status: row.status,
    inputs: row.inputs,
    outputs: row.outputs,
    usage: row.usage,
    execution_duration: row.execution_duration,
    started_at: isoOrNull(row.started_at),
    ended_at: isoOrNull(row.ended_at),
    created_at: iso(row.created_at),
  });
}

/** iq.status_updated data. */
export function iqPayload(row: Selectable<IqRecordsTable>): z.infer<typeof IqStatusUpdated> {
  return IqStatusUpdated.parse({
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    content: row.content,
    metadata: row.metadata,
    productId: row.product_id,
    productUrls: row.product_urls,
    voiceSampleUrls: row.voice_sample_urls,
    contentSampleUrls: row.content_sample_urls,
    imagesUrls: row.images_urls,
    isDefault: row.is_default,
    stage: row.stage,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  });
}
