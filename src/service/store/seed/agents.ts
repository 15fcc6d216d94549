/** Seeds the records behind webhook events: opportunity runs, agent tasks and IQ records. */

import { addDays } from "../../../contract/calendar.js";
import type { SeedContext, SeededProject } from "./_context.js";
import { localTime } from "./_dates.js";
import { uuidFor } from "./_prng.js";
import { CONTENT_SOURCES } from "./_vocabulary.js";

/** Inserts a few opportunity runs for the project, one per status. */
export async function seedOpportunityRuns(ctx: SeedContext, project: SeededProject): Promise<void> {
  const label = `${ctx.workspace.key}/${project.plan.key}`;
  const tz = ctx.workspace.timezone;
  const statuses = ["COMPLETED", "COMPLETED", "FAILED", "RUNNING", "PENDING"] as const;
  const agents = CONTENT_SOURCES.filter((s) => s !== "manual");
  await ctx.db
    .insertInto("opportunity_runs")
    .values(
      statuses.map((status, i) => {
        const day = addDays(ctx.asOf, -2 * i);
        const done = status === "COMPLETED" || status === "FAILED";
        return {
          id: uuidFor(`${label}/run/${i}`),
          project_id: project.id,
          agent: agents[i % agents.length]!,
          status,
          ideas_count: status === "COMPLETED" ? 3 + i : 0,
          error: status === "FAILED" ? "SERP provider rate limit exceeded" : null,
          ran_at: done ? localTime(tz, day, 2, 40) : null,
          completed: done,
          created_at: localTime(tz, day, 2, 0),
          updated_at: localTime(tz, day, done ? 2 : 1, done ? 40 : 59),
        };
      }),
    )
    .execute();
}

/** Inserts agent tasks (one per status) and IQ records (persona, product, voice) for the workspace. */
export async function seedWorkspaceAgents(ctx: SeedContext): Promise<void> {
  const ws = ctx.workspace.key;
  const tz = ctx.workspace.timezone;
  const agentId = uuidFor(`${ws}/agent/writer`);
  const agent = {
    id: agentId,
    name: "Article writer",
    icon: "pen",
    short_description: "Drafts articles from ideas",
  };
  const statuses = ["SUCCEEDED", "SUCCEEDED", "FAILED", "RUNNING", "QUEUED"] as const;
  await ctx.db
    .insertInto("agent_tasks")
    .values(
      statuses.map((status, i) => {
        const day = addDays(ctx.asOf, -i);
        const ended = status === "SUCCEEDED" || status === "FAILED";
        const started = status !== "QUEUED";
        const usage = started ? { input_tokens: 1200 + 100 * i, output_tokens: 800 + 50 * i } : null;
        return {
          id: uuidFor(`${ws}/task/${i}`),
          workspace_id: ctx.workspaceId,
          agent_id: agentId,
          agent,
          name: `Draft article #${i + 1}`,
          status,
          inputs: { idea_index: i },
          outputs: status === "SUCCEEDED" ? { words: 1400 + 10 * i } : null,
          usage: usage
            ? { ...usage, total_tokens: usage.input_tokens + usage.output_tokens }
            : { input_tokens: 0, output_tokens: 0, total_tokens: 0 },
          execution_duration: ended ? 40_000 + 1000 * i : null,
          started_at: started ? localTime(tz, day, 8, 0) : null,
          ended_at: ended ? localTime(tz, day, 8, 1) : null,
          created_at: localTime(tz, day, 7, 59),
          updated_at: localTime(tz, day, 8, ended ? 1 : 0),
        };
      }),
    )
    .execute();
  const types = ["persona", "product", "voice"] as const;
  await ctx.db
    .insertInto("iq_records")
    .values(
      types.map((type, i) => ({
        id: uuidFor(`${ws}/iq/${type}`),
        workspace_id: ctx.workspaceId,
        type,
        title: `${ctx.workspace.name} ${type}`,
        description: type === "voice" ? null : `Default ${type} profile`,
        content: type === "voice" ? null : `The ${type} profile of ${ctx.workspace.name}.`,
        metadata: {},
        product_id: type === "product" ? uuidFor(`${ws}/product`) : null,
        product_urls: type === "product" ? [ctx.workspace.website] : null,
        voice_sample_urls: type === "voice" ? [`${ctx.workspace.website}/blog`] : null,
        content_sample_urls: null,
        images_urls: null,
        is_default: type !== "voice",
        stage: type === "voice" ? ("PROCESSING" as const) : ("READY" as const),
        created_at: localTime(tz, addDays(ctx.asOf, -30 + i), 12),
        updated_at: localTime(tz, addDays(ctx.asOf, -10 + i), 12),
      })),
    )
    .execute();
}
