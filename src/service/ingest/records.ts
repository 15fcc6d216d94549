/** The ingest record types: one `{ "type": …, "data": … }` per NDJSON line, one schema per type. */
import type { z } from "zod";
import { AgentTaskRecord, ContentItemRecord, IqRecord, OpportunityRunRecord } from "./schemas/agents.js";
import { SitePageRecord, SiteRecord, TopicRecord } from "./schemas/content-map.js";
import {
  AnswerRecord,
  CategoryRecord,
  CompetitorRecord,
  ProjectRecord,
  PromptRecord,
  WorkspaceRecord,
} from "./schemas/setup.js";

/** Every record type with its schema, in the order a file should list them (parents first). */
export const RECORD_SCHEMAS = {
  workspace: WorkspaceRecord,
  project: ProjectRecord,
  competitor: CompetitorRecord,
  category: CategoryRecord,
  prompt: PromptRecord,
  answer: AnswerRecord,
  site: SiteRecord,
  topic: TopicRecord,
  site_page: SitePageRecord,
  content_item: ContentItemRecord,
  opportunity_run: OpportunityRunRecord,
  agent_task: AgentTaskRecord,
  iq_record: IqRecord,
} as const;

export type RecordType = keyof typeof RECORD_SCHEMAS;
export const RECORD_TYPES = Object.keys(RECORD_SCHEMAS) as RecordType[];

/** A validated record, discriminated on `type`. */
export type IngestRecord = {
  [T in RecordType]: { type: T; data: z.output<(typeof RECORD_SCHEMAS)[T]> };
}[RecordType];

/** Whether `value` names a record type. */
export function isRecordType(value: unknown): value is RecordType {
  return typeof value === "string" && Object.hasOwn(RECORD_SCHEMAS, value);
}
