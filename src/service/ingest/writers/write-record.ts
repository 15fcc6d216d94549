/** The writer of each record type, in a table keyed by type so a missing writer fails to compile. */
import type { IngestRecord, RecordType } from "../records.js";
import type { WriteContext, WriteOutcome } from "./_context.js";
import { writeAgentTask, writeContentItem, writeIqRecord, writeOpportunityRun } from "./agents.js";
import { writeAnswer } from "./answer.js";
import { writeSite, writeSitePage, writeTopic } from "./content-map.js";
import { writeCategory, writeCompetitor, writeProject, writePrompt, writeWorkspace } from "./setup.js";

type Writers = {
  [T in RecordType]: (
    ctx: WriteContext,
    data: Extract<IngestRecord, { type: T }>["data"],
  ) => Promise<WriteOutcome>;
};

const WRITERS: Writers = {
  workspace: writeWorkspace,
  project: writeProject,
  competitor: writeCompetitor,
  category: writeCategory,
  prompt: writePrompt,
  answer: writeAnswer,
  site: writeSite,
  topic: writeTopic,
  site_page: writeSitePage,
  content_item: writeContentItem,
  opportunity_run: writeOpportunityRun,
  agent_task: writeAgentTask,
  iq_record: writeIqRecord,
};

/** Writes one validated record whose references resolved. */
export function writeRecord(ctx: WriteContext, record: IngestRecord): Promise<WriteOutcome> {
  const write = WRITERS[record.type] as (
    ctx: WriteContext,
    data: IngestRecord["data"],
  ) => Promise<WriteOutcome>;
  return write(ctx, record.data);
}
