/** Shared by the ingest and webhook tests: NDJSON builders and table checksums. */
import { Readable } from "node:stream";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../src/service/store/schema.js";

export const WS = "11111111-0000-4000-8000-000000000001";
export const PROJECT = "11111111-0000-4000-8000-000000000010";

/** An NDJSON stream of `records`. */
export function ndjson(records: readonly unknown[]): Readable {
  return Readable.from([records.map((r) => (typeof r === "string" ? r : JSON.stringify(r))).join("\n")]);
}

/** A workspace and a project, the parents of most records. */
export function baseRecords(): unknown[] {
  return [
    {
      type: "workspace",
      data: {
        id: WS,
        name: "Test WS",
        timezone: "America/New_York",
        owner: { id: WS, name: "O", email: "o@x.test" },
      },
    },
    {
      type: "project",
      data: {
        id: PROJECT,
        workspace_id: WS,
        name: "Test project",
        brand_name: "Acme",
        brand_domain: "acme.test",
      },
    },
  ];
}

/** The one prompt of the small suites' project. */
export const PROMPT = "11111111-0000-4000-8000-000000000040";

/** The record of `PROMPT`, "Best CRM?". */
export const PROMPT_RECORD = { type: "prompt", data: { id: PROMPT, project_id: PROJECT, text: "Best CRM?" } };

/** A ChatGPT answer to `PROMPT`: `n` numbers its id. */
export function promptAnswer(n: number, collectedAt: string, mentioned: boolean): unknown {
  return {
    type: "answer",
    data: {
      id: `11111111-0000-4000-8000-0000000001${String(n).padStart(2, "0")}`,
      prompt_id: PROMPT,
      platform: "chatgpt",
      collected_at: collectedAt,
      text: mentioned ? "Acme is good" : "Others are good",
      brand_mentioned: mentioned,
    },
  };
}

/** A content item record with `status`. */
export function contentItem(n: number, status: string, extra: Record<string, unknown> = {}): unknown {
  const id = `11111111-0000-4000-8000-0000000003${String(n).padStart(2, "0")}`;
  return {
    type: "content_item",
    data: {
      id,
      project_id: PROJECT,
      title: `Article ${n}`,
      status,
      source: "manual",
      buyer_stage: "DECISION",
      ...extra,
    },
  };
}

/** An opportunity run, an agent task and an IQ record in the given states. */
export function agentRecords(run: string, task: string, stage: string): unknown[] {
  return [
    {
      type: "opportunity_run",
      data: {
        id: "11111111-0000-4000-8000-000000000400",
        project_id: PROJECT,
        agent: "opportunity_agent",
        status: run,
      },
    },
    {
      type: "agent_task",
      data: {
        id: "11111111-0000-4000-8000-000000000500",
        workspace_id: WS,
        agent_id: "11111111-0000-4000-8000-000000000510",
        agent: { name: "Writer" },
        name: "Draft",
        status: task,
      },
    },
    {
      type: "iq_record",
      data: {
        id: "11111111-0000-4000-8000-000000000600",
        workspace_id: WS,
        type: "voice",
        title: "Voice",
        stage,
      },
    },
  ];
}

/** md5 of every row of every table of the current schema, per table: equal maps mean equal databases. */
export async function checksums(db: Kysely<Database>): Promise<Record<string, string>> {
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const out: Record<string, string> = {};
  for (const { table_name } of tables.rows) {
    const r = await sql<{ sum: string | null; n: number }>`
      SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS sum, count(*)::int AS n
      FROM ${sql.table(table_name)} t`.execute(db);
    out[table_name] = `${r.rows[0]?.n}:${r.rows[0]?.sum ?? ""}`;
  }
  return out;
}
